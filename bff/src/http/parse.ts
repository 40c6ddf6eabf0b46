import { HttpException } from '@nestjs/common';
import { errorBodyFromZod } from '@kiln/contracts';
import { z } from 'zod';

/** Validates input against its contract; a mismatch is a 400 with the contract's message. */
export function parse<S extends z.ZodTypeAny>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw new HttpException(errorBodyFromZod(result.error), 400);
  return result.data;
}
