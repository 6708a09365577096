import type { TaskHit } from '@figgle/shared/search-schemas';
import { isFinishedStatus } from '@figgle/shared/status-categories';
import type { TaskStructureView } from '@figgle/shared/subtask-schemas';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { queryKeys } from '../../../shared/api/query-keys';

export type Subtask = TaskStructureView['subtasks'][number];
export type TaskLink = NonNullable<TaskStructureView['parent']>;
export type Relation = TaskStructureView['relations'][number];

/**
 * A relation added a moment ago, not yet on the server: it has no id yet, so its row is shown but
 * offers nothing that would name one (lib/offline keeps the change, and this row, through a reload).
 */
const PENDING_RELATION = 'pending:';
export const isPendingRelation = (relation: Relation) => relation.relation_id.startsWith(PENDING_RELATION);
export const pendingRelationId = () => `${PENDING_RELATION}${Date.now()}:${Math.random()}`;

/** A found task as a parent's Sub-tasks show it; the search does not say its estimate. */
export function subtaskOfHit(hit: TaskHit): Subtask {
  return {
    task_id: hit.task_id,
    reference: hit.reference,
    title: hit.title.text,
    status: hit.status,
    status_name: hit.status_name,
    status_category: hit.status_category,
    assignee_id: hit.assignee?.user_id ?? null,
    due_on: hit.due_on,
    due_at: hit.due_at,
    estimate: null,
  };
}

export function linkOfHit(hit: TaskHit): TaskLink {
  return {
    task_id: hit.task_id,
    reference: hit.reference,
    title: hit.title.text,
    status: hit.status,
    status_name: hit.status_name,
    status_category: hit.status_category,
  };
}

/** The sub-task joins the end of the list (where the server puts an attached task) and the progress. */
export function withSubtask(structure: TaskStructureView, subtask: Subtask): TaskStructureView {
  if (structure.subtasks.some((row) => row.task_id === subtask.task_id)) return structure;
  const { done, total } = structure.progress;
  return {
    ...structure,
    subtasks: [...structure.subtasks, subtask],
    progress: { done: done + (isFinishedStatus(subtask) ? 1 : 0), total: total + 1 },
  };
}

export function withoutSubtask(structure: TaskStructureView, taskId: string): TaskStructureView {
  const leaving = structure.subtasks.find((row) => row.task_id === taskId);
  if (!leaving) return structure;
  const { done, total } = structure.progress;
  return {
    ...structure,
    subtasks: structure.subtasks.filter((row) => row !== leaving),
    progress: { done: done - (isFinishedStatus(leaving) ? 1 : 0), total: total - 1 },
  };
}

/** The Blocked mark follows the relations shown, as the server reckons it. */
const blockedBy = (relations: Relation[]) =>
  relations.some((relation) => relation.side === 'blocked_by' && !isFinishedStatus(relation.task));

export function withRelation(structure: TaskStructureView, relation: Relation): TaskStructureView {
  const relations = [...structure.relations, relation];
  return { ...structure, relations, blocked: blockedBy(relations) };
}

export function withoutRelation(structure: TaskStructureView, relationId: string): TaskStructureView {
  if (!structure.relations.some((relation) => relation.relation_id === relationId)) return structure;
  const relations = structure.relations.filter((relation) => relation.relation_id !== relationId);
  return { ...structure, relations, blocked: blockedBy(relations) };
}

type StructureCopies = Array<[QueryKey, TaskStructureView]>;
export interface StructureContext {
  previous: StructureCopies;
}

const STRUCTURE = queryKeys.taskStructure('')[2];
const isStructureKey = (queryKey: QueryKey) =>
  queryKey.length === 3 && queryKey[0] === 'task' && queryKey[2] === STRUCTURE;

/**
 * What every structure change does around its request: each cached structure it concerns (the
 * task's, the other end's, a former parent's) shows the change at once, and a failure puts back
 * what they showed (lib/offline/refused-change.ts says which change was lost, with Retry). A change
 * sent after a reload has nothing in memory to go back to: its refresh reads the server's copy.
 */
export function optimisticStructure(queryClient: QueryClient) {
  const cached = () =>
    queryClient
      .getQueriesData<TaskStructureView>({ predicate: (query) => isStructureKey(query.queryKey) })
      .filter((entry): entry is [QueryKey, TaskStructureView] => entry[1] !== undefined);
  return {
    /** `change` answers the same structure when it has nothing to change in it. */
    async show(
      change: (taskId: string, structure: TaskStructureView) => TaskStructureView,
    ): Promise<StructureContext> {
      const concerned = cached().filter(
        ([key, structure]) => change(String(key[1]), structure) !== structure,
      );
      // A read under way would answer over the change with what the server had before it.
      await Promise.all(concerned.map(([queryKey]) => queryClient.cancelQueries({ queryKey, exact: true })));
      const previous: StructureCopies = [];
      for (const [queryKey] of concerned) {
        const structure = queryClient.getQueryData<TaskStructureView>(queryKey);
        if (!structure) continue;
        previous.push([queryKey, structure]);
        queryClient.setQueryData(queryKey, change(String(queryKey[1]), structure));
      }
      return { previous };
    },
    rollBack(context: StructureContext | undefined) {
      for (const [queryKey, structure] of context?.previous ?? [])
        queryClient.setQueryData(queryKey, structure);
    },
  };
}
