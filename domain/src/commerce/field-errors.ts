import { DomainError } from '../shared/domain-error';
import { COMMON_MESSAGES } from '@kiln/contracts/constants';

/** One message for one form field; `path` is the field's dotted path (`price.unit`, `appearance.0.color`). */
export interface FieldError {
  path: string;
  message: string;
}

/** The sentence every required business field shows (spec 002 §5). */
export const REQUIRED_MESSAGE = COMMON_MESSAGES.required;

/** Throws DomainError('invalid') with the first message and every field error, when there is any. */
export function throwIfInvalid(errors: readonly FieldError[]): void {
  if (errors.length > 0) throw new DomainError('invalid', errors[0].message, [...errors]);
}

/** Text trimmed; null when empty or not text (forms send '', null or nothing for "not filled in"). */
export function trimmedOrNull(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed.length > 0 ? trimmed : null;
}

/** The errors under one path prefix (a wizard step shows only its own fields' errors). */
export function errorsUnder(errors: readonly FieldError[], ...prefixes: string[]): FieldError[] {
  return errors.filter((e) => prefixes.some((p) => e.path === p || e.path.startsWith(`${p}.`)));
}
