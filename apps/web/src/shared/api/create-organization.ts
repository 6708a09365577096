import type { CreatedOrganization } from '@figgle/shared/organization-schemas';
import { api } from '../../lib/api-client';
import { useWriteThenRead } from '../../lib/write-then-read';
import { queryKeys } from './query-keys';

/** organization-create: the creator becomes its OWNER. */
export function createOrganization(name: string): Promise<CreatedOrganization> {
  return api.post<CreatedOrganization>('/api/organizations', { name });
}

export function useCreateOrganization() {
  return useWriteThenRead(createOrganization, queryKeys.organizations);
}
