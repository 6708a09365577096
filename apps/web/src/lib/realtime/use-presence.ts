import type { Me } from '@figgle/shared/me-schemas';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { queryKeys } from '../../shared/api/query-keys';
import { type PresenceState, presenceQueryKey } from './query-keys';

const empty: PresenceState = {};

/** Presence per organization as the socket last reported it (never fetched). */
function usePresenceState(): PresenceState {
  const { data } = useQuery({
    queryKey: presenceQueryKey,
    queryFn: () => empty,
    enabled: false,
    initialData: empty,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return data;
}

function useMyId(): string | null {
  return useQueryClient().getQueryData<Me>(queryKeys.me)?.user_id ?? null;
}

export interface OnlinePerson {
  userId: string;
  firstname: string;
  lastname: string;
  /** The project or task pages they have open. */
  routes: string[];
}

/** Everyone else viewing a project or task in one of the user's organizations, once each. */
export function useTeamOnline(): OnlinePerson[] {
  const state = usePresenceState();
  const me = useMyId();
  return useMemo(() => {
    const people = new Map<string, OnlinePerson>();
    for (const members of Object.values(state)) {
      for (const member of members) {
        if (member.userId === me) continue;
        const person = people.get(member.userId) ?? { ...member, routes: [] };
        if (!person.routes.includes(member.route)) person.routes.push(member.route);
        people.set(member.userId, person);
      }
    }
    return [...people.values()].sort(
      (a, b) => a.firstname.localeCompare(b.firstname) || a.lastname.localeCompare(b.lastname),
    );
  }, [state, me]);
}
