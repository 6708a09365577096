import type { CustomFieldView } from '@figgle/shared/custom-field-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Only this settings page reads an organization's whole list of fields. */
export const customFieldsKey = (organizationId: string) => ['custom-fields', organizationId] as const;

function listCustomFields(organizationId: string, signal?: AbortSignal): Promise<CustomFieldView[]> {
  return api.get<CustomFieldView[]>(
    `/api/organizations/${encodeURIComponent(organizationId)}/custom-fields`,
    {
      signal,
    },
  );
}

const customFieldsQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: customFieldsKey(organizationId),
    queryFn: ({ signal }) => listCustomFields(organizationId, signal),
  });

/** An organization's custom fields, by name, with the projects they are on and their use. */
export function useCustomFields(organizationId: string) {
  return useQuery({ ...customFieldsQueryOptions(organizationId), enabled: organizationId !== '' });
}
