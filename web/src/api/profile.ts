import type { User } from '@kiln/contracts';
import { request } from './client';

export const profileApi = {
  /** PATCH /api/auth/me: the profile page changes the full name. */
  update: (changes: { fullName: string }) => request<User>('PATCH', '/api/auth/me', { body: changes }),
};
