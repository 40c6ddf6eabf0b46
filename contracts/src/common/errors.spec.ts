import { z } from 'zod';
import { HttpRoutes } from '../http';
import { errorBodyFromZod } from './errors';
import { COMMON_MESSAGES } from './messages';

/**
 * Issue 17: the API answers every rule with a sentence for people, never zod's wording. Every route's params,
 * query and body is parsed with each field missing, with the wrong kind of value and with an unknown field;
 * no message may be zod's.
 */
const ZOD_WORDING = /Invalid input|expected .* received|Too (big|small)|Unrecognized key|Invalid (string|option|format|enum)|Required$/;

const shapeOf = (schema: z.ZodTypeAny): Record<string, z.ZodTypeAny> | null => {
  const def = (schema as unknown as { def?: { type?: string; shape?: Record<string, z.ZodTypeAny>; innerType?: z.ZodTypeAny; in?: z.ZodTypeAny } }).def;
  if (!def) return null;
  if (def.type === 'object' && def.shape) return def.shape;
  if (def.innerType) return shapeOf(def.innerType);
  if (def.in) return shapeOf(def.in);
  return null;
};

function inputsFor(schema: z.ZodTypeAny): unknown[] {
  const inputs: unknown[] = [undefined, null, 'text', 42, [], {}, { unknownField: 1 }];
  const shape = shapeOf(schema);
  if (shape) {
    const keys = Object.keys(shape);
    for (const key of keys) {
      for (const bad of [undefined, null, 12345, 'text', [], {}, { nested: true }])
        inputs.push(Object.fromEntries(keys.map((k) => [k, k === key ? bad : undefined])));
    }
  }
  return inputs;
}

describe("answers in sentences, never zod's words", () => {
  const routes = Object.entries(HttpRoutes as Record<string, { params?: z.ZodTypeAny; query?: z.ZodTypeAny; body?: z.ZodTypeAny }>);
  it.each(routes.map(([name, route]) => [name, route] as const))('%s', (_name, route) => {
    const leaks: string[] = [];
    for (const part of ['params', 'query', 'body'] as const) {
      const schema = route[part];
      if (!schema) continue;
      for (const input of inputsFor(schema)) {
        const parsed = schema.safeParse(input);
        if (parsed.success) continue;
        const body = errorBodyFromZod(parsed.error);
        for (const m of [body.message, ...(body.errors ?? []).map((e) => e.message)])
          if (ZOD_WORDING.test(m)) leaks.push(`${part} ${JSON.stringify(input)} → ${m}`);
      }
    }
    expect(leaks.slice(0, 5)).toEqual([]);
  });

  it("a missing field is the spec's sentence", () => {
    const parsed = z.object({ name: z.string() }).safeParse({});
    expect(errorBodyFromZod((parsed as { error: z.ZodError }).error).message).toBe(COMMON_MESSAGES.required);
  });
});

describe('an appearance entry without textureId', () => {
  it('parses as none, so the domain answers the spec\'s "For texture mode, textureId is required"', async () => {
    const { AppearanceEntry } = await import('../commerce/material');
    const parsed = AppearanceEntry.safeParse({ mode: 'texture', materialIndexDirection: [] });
    expect(parsed.success && parsed.data).toMatchObject({ textureId: null, color: null });
  });
});
