import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../shared/api/query-keys';

interface TimeZoneAnswer {
  time_zone: string;
}

/** Under the organization's key, so a change of the organization reads it again. */
const timeZoneKey = (organizationId: string) =>
  [...queryKeys.organization(organizationId), 'time-zone'] as const;
const path = (organizationId: string) => `/api/organizations/${encodeURIComponent(organizationId)}/time-zone`;

/** GET /api/organizations/:id/time-zone: the zone recurring tasks count days and keep times in. */
export function useOrganizationTimeZone(organizationId: string) {
  return useQuery(
    queryOptions({
      queryKey: timeZoneKey(organizationId),
      queryFn: ({ signal }) => api.get<TimeZoneAnswer>(path(organizationId), { signal }),
    }),
  );
}

/** PUT /api/organizations/:id/time-zone (owners). */
export function useSetOrganizationTimeZone(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (timeZone: string) => api.put<TimeZoneAnswer>(path(organizationId), { time_zone: timeZone }),
    onSuccess: (answer) => queryClient.setQueryData(timeZoneKey(organizationId), answer),
  });
}
