import { z } from 'zod';
import { AnyEventEnvelope } from './envelope';
import { AssetsEvents } from './assets.events';
import { BusinessEvents } from './business.events';
import { CommerceEvents } from './commerce.events';
import { PluginRegistryEvents } from './plugin-registry.events';
import { WorkspaceEvents } from './workspace.events';

/**
 * Every event schema of every context, by type: consumers parse what they receive with it, and an
 * unknown type or a payload that does not parse is a failure (never a silent pass-through).
 */
export const EventSchemas: Record<string, z.ZodType> = {
  ...WorkspaceEvents,
  ...CommerceEvents,
  ...PluginRegistryEvents,
  ...BusinessEvents,
  ...AssetsEvents,
};

export * from './assets.events';

/** Parses an event by its `type` with the contracts; throws when the type is unknown or the payload is invalid. */
export function parseEvent(payload: unknown, schemas: Record<string, z.ZodType> = EventSchemas): AnyEventEnvelope {
  const type = (payload as { type?: unknown } | null)?.type;
  const schema = typeof type === 'string' ? schemas[type] : undefined;
  if (!schema) throw new Error(`unknown event type ${JSON.stringify(type)}`);
  const result = schema.safeParse(payload);
  if (!result.success) throw new Error(`event ${type} does not match its contract: ${z.prettifyError(result.error)}`);
  return result.data as AnyEventEnvelope;
}
