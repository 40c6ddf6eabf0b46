import { DomainError } from '../shared/domain-error';
import { DomainEvent } from '../shared/domain-event';
import { COMMON_MESSAGES } from '@kiln/contracts/constants';

/** Initials and a stable colour for avatars without a picture (spec 000 §3, user.dataShort). */
export function userDataShort(fullName: string, id: string): { initials: string; color: string } {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  const initials = (words.length > 1 ? words[0][0] + words[words.length - 1][0] : (words[0] ?? '?').slice(0, 2)).toUpperCase();
  const palette = ['#E57373', '#64B5F6', '#81C784', '#FFB74D', '#BA68C8', '#4DB6AC', '#F06292', '#7986CB'];
  let hash = 0;
  for (const ch of id) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return { initials, color: palette[hash % palette.length] };
}

/** Ids and times only: events are kept and copied, so a person's name and e-mail stay in state tables. */
export type UserRegistered = DomainEvent<'workspace.user.registered.v2', { user: { id: string; createdAt: Date } }>;

/** The full name as stored: without surrounding spaces. */
export const normalizeFullName = (fullName: string) => fullName.trim();

/** A sign-up: the facts the rest of the system learns about a new person (no personal data). */
export function registerUser(input: { id: string; now: Date }): UserRegistered {
  return {
    type: 'workspace.user.registered.v2',
    aggregateType: 'user',
    aggregateId: input.id,
    data: { user: { id: input.id, createdAt: input.now } },
  };
}

/** Ids and times only, like the sign-up: the new name stays in the `users` state table. */
export type UserProfileUpdated = DomainEvent<'workspace.user.profile-updated.v1', { user: { id: string; updatedAt: Date } }>;

/** The profile's full name (PATCH /api/auth/me): trimmed and required, 'This field is required' (spec 000 §5). */
export function updateProfile(input: { id: string; fullName: string; now: Date }): { fullName: string; event: UserProfileUpdated } {
  const fullName = normalizeFullName(input.fullName);
  if (!fullName) throw new DomainError('invalid', COMMON_MESSAGES.required, [{ path: 'fullName', message: COMMON_MESSAGES.required }]);
  return {
    fullName,
    event: { type: 'workspace.user.profile-updated.v1', aggregateType: 'user', aggregateId: input.id, data: { user: { id: input.id, updatedAt: input.now } } },
  };
}
