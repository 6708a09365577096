import { queryOptions } from '@tanstack/react-query';
import { ApiRequestError, api } from '../../lib/api-client';
import { queryKeys } from './query-keys';

interface SessionUser {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
  image?: string | null;
}

export interface Session {
  user: SessionUser;
  session: { id: string; userId: string; expiresAt: string };
}

/** The signed-in session, or null when there is none (401, 404 or a null answer). */
async function getSession(): Promise<Session | null> {
  try {
    const answer = await api.get<Session | null>('/api/auth/get-session');
    return answer?.user ? answer : null;
  } catch (error) {
    if (error instanceof ApiRequestError && (error.statusCode === 401 || error.statusCode === 404))
      return null;
    throw error;
  }
}

export const sessionQueryOptions = queryOptions({
  queryKey: queryKeys.session,
  queryFn: getSession,
  staleTime: 30_000,
  refetchOnWindowFocus: true,
  // Every screen waits on this answer: one quick retry, then the guard decides without it.
  retry: 1,
  retryDelay: 500,
});
