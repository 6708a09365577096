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

export const projectCustomFieldsQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: queryKeys.projectCustomFields(projectId),
    queryFn: ({ signal }) => listProjectCustomFields(projectId, signal),
    // Every card and row of the project shares it; live task events and edits read it again.
    staleTime: 30_000,
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

/** Each answer's values by task, worked out once per answer for all the cards that read it. */
const cardLines = new WeakMap<
  ProjectCustomFieldsView,
  Map<string, Array<{ field: ProjectCustomFieldsView['fields'][number]; value: CustomValue }>>
>();

function cardLinesOf(view: ProjectCustomFieldsView) {
  let lines = cardLines.get(view);
  if (!lines) {
    lines = new Map();
    const onCard = new Map(
      view.fields.filter((field) => field.on_card).map((field) => [field.field_id, field]),
    );
    for (const row of view.values) {
      const field = onCard.get(row.field_id);
      if (!field) continue;
      const list = lines.get(row.task_id) ?? [];
      list.push({ field, value: row.value });
      lines.set(row.task_id, list);
    }
    for (const list of lines.values())
      list.sort((a, b) => view.fields.indexOf(a.field) - view.fields.indexOf(b.field));
    cardLines.set(view, lines);
  }
  return lines;
}

const NO_LINES: never[] = [];

/** The values a task's board card shows: those of the fields the project shows on its cards. */
export function useCardFieldValues(projectId: string, taskId: string) {
  const { data } = useQuery({
    ...projectCustomFieldsQueryOptions(projectId),
    select: (view) => cardLinesOf(view).get(taskId) ?? NO_LINES,
  });
  return data ?? NO_LINES;
}
