import type { CustomValue, ProjectCustomFieldsView } from '@figgle/shared/custom-field-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api } from '../../lib/api-client';
import { queryKeys } from './query-keys';

function listProjectCustomFields(projectId: string, signal?: AbortSignal): Promise<ProjectCustomFieldsView> {
  return api.get<ProjectCustomFieldsView>(`/api/projects/${encodeURIComponent(projectId)}/custom-fields`, {
    signal,
  });
}

const projectCustomFieldsQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: queryKeys.projectCustomFields(projectId),
    queryFn: ({ signal }) => listProjectCustomFields(projectId, signal),
  });

/** The custom fields on in a project and its tasks' values (docs/product.md#custom-fields). */
export function useProjectCustomFields(projectId: string | null | undefined) {
  return useQuery({ ...projectCustomFieldsQueryOptions(projectId ?? ''), enabled: Boolean(projectId) });
}

/** Each task's values by field id, for the list's columns, sort and filters and the board's cards. */
export type ValuesByTask = ReadonlyMap<string, ReadonlyMap<string, CustomValue>>;

export function useValuesByTask(view: ProjectCustomFieldsView | undefined): ValuesByTask {
  return useMemo(() => {
    const byTask = new Map<string, Map<string, CustomValue>>();
    for (const row of view?.values ?? []) {
      let values = byTask.get(row.task_id);
      if (!values) {
        values = new Map();
        byTask.set(row.task_id, values);
      }
      values.set(row.field_id, row.value);
    }
    return byTask;
  }, [view]);
}
