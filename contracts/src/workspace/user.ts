import { z } from 'zod';
import { Id } from '../common/ids';

export const Avatar = z.object({ origin: z.string(), path: z.string(), folder: z.string(), filename: z.string() });

/** A user as others see them (spec 000 §3). */
export const UserSummary = z.object({
  id: Id,
  fullName: z.string(),
  email: z.string(),
  avatar: Avatar.nullable(),
  dataShort: z.object({ initials: z.string(), color: z.string() }),
});
export type UserSummary = z.infer<typeof UserSummary>;

export const User = UserSummary;
export type User = z.infer<typeof User>;

/** PATCH /api/auth/me: the profile page (spec 000 §2 /profile). The rule (required) lives in domain/. */
export const UpdateProfileBody = z.strictObject({ fullName: z.string().max(200, 'The name must be at most 200 characters.') });
