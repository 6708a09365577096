import type { ProjectStatusView } from '@figgle/shared/project-status-schemas';
import { TASK_STATUSES, type TaskStatus } from '@figgle/shared/status';
import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '../../lib/api-client';
import { shownStatusName } from '../status-name';
import { queryKeys } from './query-keys';

function listProjectStatuses(projectId: string, signal?: AbortSignal): Promise<ProjectStatusView[]> {
  return api.get<ProjectStatusView[]>(`/api/projects/${encodeURIComponent(projectId)}/statuses`, { signal });
}

/** The statuses as people read them: a first name (To Do…) in the reader's language (status-name.ts). */
function shownStatuses(statuses: ProjectStatusView[]): ProjectStatusView[] {
  return statuses.map((status) => {
    const name = shownStatusName(status.key, status.name);
    return name === status.name ? status : { ...status, name };
  });
}

/** Live events of the project invalidate this key (a status added, renamed, moved or removed). */
const projectStatusesQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: queryKeys.projectStatuses(projectId),
    queryFn: ({ signal }) => listProjectStatuses(projectId, signal),
    select: shownStatuses,
    staleTime: 60_000,
  });

/** A project's statuses in board order (docs/product.md#statuses): the board, pickers and settings. */
export function useProjectStatuses(projectId: string | undefined) {
  return useQuery({ ...projectStatusesQueryOptions(projectId ?? ''), enabled: Boolean(projectId) });
}

/** What a picker or column needs of a status: its key, name, colour and category. */
export type StatusChoice = Pick<ProjectStatusView, 'key' | 'name' | 'color' | 'category'>;

const DEFAULT_COLORS = { TODO: 'gray', DOING: 'blue', DONE: 'green', ARCHIVE: 'gray' } as const;
const DEFAULT_CATEGORIES = {
  TODO: 'unstarted',
  DOING: 'started',
  DONE: 'done',
  ARCHIVE: 'canceled',
} as const;

/**
 * The four statuses every project starts with, while its own list loads (or on My tasks). The name is
 * read when shown, in the reader's language: the catalogue loads after this module.
 */
export const DEFAULT_STATUS_CHOICES: readonly StatusChoice[] = TASK_STATUSES.map((key) => ({
  key,
  get name() {
    return shownStatusName(key, null);
  },
  color: DEFAULT_COLORS[key],
  category: DEFAULT_CATEGORIES[key],
}));

/** The status of `key` among `statuses`, or a stand-in named after the key (a status just removed). */
export function statusChoiceOf(statuses: readonly StatusChoice[], key: TaskStatus): StatusChoice {
  return (
    statuses.find((status) => status.key === key) ??
    DEFAULT_STATUS_CHOICES.find((status) => status.key === key) ?? {
      key,
      name: shownStatusName(key, null),
      color: 'gray',
      category: 'unstarted',
    }
  );
}

/** The project's statuses once loaded, else the four first ones. */
export function useStatusChoices(projectId: string | undefined): readonly StatusChoice[] {
  return useProjectStatuses(projectId).data ?? DEFAULT_STATUS_CHOICES;
}

/** Finished: of the Done or Canceled category among `statuses` (not late, not blocking, not planned). */
export function isFinishedIn(statuses: readonly StatusChoice[], status: TaskStatus): boolean {
  const { category } = statusChoiceOf(statuses, status);
  return category === 'done' || category === 'canceled';
}

/** A test of "is it finished?" for the tasks of one project, the same function while its statuses are. */
export function useFinishedTest(
  statuses: readonly StatusChoice[] | undefined,
): (task: { status: TaskStatus }) => boolean {
  return useCallback(
    (task: { status: TaskStatus }) => isFinishedIn(statuses ?? DEFAULT_STATUS_CHOICES, task.status),
    [statuses],
  );
}

const NO_IDS: readonly string[] = [];

/**
 * The statuses of several projects (My tasks, across projects), by project id: each read through the
 * same query as the project's own screens, the four first ones while it loads. The map is the same
 * object until an answer changes (useQueries memoizes what a stable `combine` makes).
 */
export function useStatusChoicesOfProjects(
  projectIds: readonly string[] = NO_IDS,
): ReadonlyMap<string, readonly StatusChoice[]> {
  const combine = useCallback(
    (results: Array<{ data?: ProjectStatusView[] | undefined }>) =>
      new Map(projectIds.map((id, index) => [id, results[index]?.data ?? DEFAULT_STATUS_CHOICES])),
    [projectIds],
  );
  return useQueries({ queries: projectIds.map((id) => projectStatusesQueryOptions(id)), combine });
}
