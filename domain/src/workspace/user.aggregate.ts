import { DomainEvent } from '../shared/domain-event';

/** Initials and a stable colour for avatars without a picture (spec 000 §3, user.dataShort). */
export function userDataShort(fullName: string, id: string): { initials: string; color: string } {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  const initials = (words.length > 1 ? words[0][0] + words[words.length - 1][0] : (words[0] ?? '?').slice(0, 2)).toUpperCase();
  const palette = ['#E57373', '#64B5F6', '#81C784', '#FFB74D', '#BA68C8', '#4DB6AC', '#F06292', '#7986CB'];
  let hash = 0;
  for (const ch of id) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return { initials, color: palette[hash % palette.length] };
}

export type UserRegistered = DomainEvent<'workspace.user.registered.v1', { user: { id: string; fullName: string; email: string; createdAt: Date } }>;

/** A sign-up: the facts the rest of the system learns about a new person. */
export function registerUser(input: { id: string; fullName: string; email: string; now: Date }): UserRegistered {
  return {
    type: 'workspace.user.registered.v1',
    aggregateType: 'user',
    aggregateId: input.id,
    data: { user: { id: input.id, fullName: input.fullName.trim(), email: input.email, createdAt: input.now } },
  };
}

/**
 * Failed sign-ins allowed in a window before sign-in is refused for a while: per e-mail (guessing one
 * account's password) and per client address (trying many accounts).
 */
export const LOGIN_RATE_LIMIT = { maxFailures: 10, maxFailuresPerAddress: 100, windowMinutes: 15 } as const;
