import { useEffect } from 'react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { User } from '@kiln/contracts';
import { authApi } from '../api/auth';
import { onUnauthorized } from '../api/client';

export const ME_KEY = ['auth', 'me'] as const;

/** The signed-in user: undefined while loading, null when signed out. */
export function useMe() {
  return useQuery({ queryKey: ME_KEY, queryFn: authApi.me, staleTime: 5 * 60_000, retry: 1 });
}

export function currentUser(queryClient: QueryClient): User | null {
  return queryClient.getQueryData<User | null>(ME_KEY) ?? null;
}

/** After sign-in or sign-up: remember the user and drop anything cached for someone else. */
export function startSession(queryClient: QueryClient, user: User) {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== ME_KEY[0] });
  queryClient.setQueryData(ME_KEY, user);
}

export function endSession(queryClient: QueryClient) {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== ME_KEY[0] });
  queryClient.setQueryData(ME_KEY, null);
}

/** Any 401 from an authenticated call means the session is gone: forget the user (the guard redirects). */
export function useSignOutOn401() {
  const queryClient = useQueryClient();
  useEffect(() => onUnauthorized(() => endSession(queryClient)), [queryClient]);
}
