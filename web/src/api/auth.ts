import type { AuthAnswer, LoginBody, RegisterBody, User } from '@kiln/contracts';
import { ApiError, request } from './client';

export const authApi = {
  register: (body: RegisterBody) => request<AuthAnswer>('POST', '/api/auth/register', { body, quiet401: true }),
  login: (body: LoginBody) => request<AuthAnswer>('POST', '/api/auth/login', { body, quiet401: true }),
  logout: () => request<{ ok: true }>('POST', '/api/auth/logout', { quiet401: true }),
  /** The signed-in user, or null when signed out (401). */
  me: async (): Promise<User | null> => {
    try {
      return await request<User>('GET', '/api/auth/me', { quiet401: true });
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return null;
      throw error;
    }
  },
};
