import type { TaskStructureView } from '@figgle/shared/subtask-schemas';
import { MutationObserver, type MutationObserverOptions, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../../lib/api-client';
import { queryKeys } from '../../../shared/api/query-keys';
import { type AddRelationVariables, addRelationOptions, showRelationAdded } from './add-relation';
import { type MoveSubtaskVariables, moveSubtaskOptions, showSubtaskMoved } from './move-subtask';
import { type RemoveRelationVariables, removeRelationOptions, showRelationRemoved } from './remove-relation';
import { type SetParentVariables, setParentOptions, showParentChange } from './set-parent';
import { isPendingRelation, type Subtask, type TaskLink } from './structure-cache';

const PARENT = '00000000-0000-4000-8000-000000000001';
const FORMER_PARENT = '00000000-0000-4000-8000-000000000002';
const CHILD = '00000000-0000-4000-8000-000000000003';
const BLOCKER = '00000000-0000-4000-8000-000000000004';
const SIBLING = '00000000-0000-4000-8000-000000000005';
const RELATION = '00000000-0000-4000-8000-0000000000aa';

const link = (task_id: string, reference: string, status: TaskLink['status'] = 'TODO'): TaskLink => ({
  task_id,
  reference,
  title: `Task ${reference}`,
  status,
});
const subtask = (task_id: string, reference: string, status: TaskLink['status'] = 'TODO'): Subtask => ({
  ...link(task_id, reference, status),
  assignee_id: null,
  due_on: null,
  due_at: null,
  estimate: null,
});
const empty: TaskStructureView = {
  parent: null,
  subtasks: [],
  progress: { done: 0, total: 0 },
  relations: [],
  blocked: false,
};

/** The parent's page with one finished sub-task, the child still under its former parent. */
function cacheWithStructures(): QueryClient {
  const client = new QueryClient();
  client.setQueryData<TaskStructureView>(queryKeys.taskStructure(PARENT), {
    ...empty,
    subtasks: [subtask(SIBLING, 'WEB-5', 'DONE')],
    progress: { done: 1, total: 1 },
    relations: [{ relation_id: RELATION, side: 'relates', task: link(BLOCKER, 'WEB-4') }],
  });
  client.setQueryData<TaskStructureView>(queryKeys.taskStructure(FORMER_PARENT), {
    ...empty,
    subtasks: [subtask(CHILD, 'WEB-3', 'DONE')],
    progress: { done: 1, total: 1 },
  });
  client.setQueryData<TaskStructureView>(queryKeys.taskStructure(CHILD), {
    ...empty,
    parent: link(FORMER_PARENT, 'WEB-2'),
  });
  client.setQueryData<TaskStructureView>(queryKeys.taskStructure(BLOCKER), {
    ...empty,
    relations: [{ relation_id: RELATION, side: 'relates', task: link(PARENT, 'WEB-1') }],
  });
  return client;
}

const structureOf = (client: QueryClient, taskId: string) =>
  client.getQueryData<TaskStructureView>(queryKeys.taskStructure(taskId));
const everyStructure = (client: QueryClient) =>
  [PARENT, FORMER_PARENT, CHILD, BLOCKER].map((taskId) => structureOf(client, taskId));

/** A request the test answers when it wants: the change shows meanwhile, as while it waits offline. */
function heldRequest() {
  let refuse: (error: Error) => void = () => {};
  const request = new Promise<never>((_resolve, reject) => {
    refuse = reject;
  });
  return { mutationFn: () => request, refuse };
}

const refusal = () => new ApiRequestError({ statusCode: 409, code: 'CONFLICT', message: 'Refused.' });
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A change as the hook makes it (its options and its onMutate), with a request held by the test. */
async function startChange<TVariables>(
  client: QueryClient,
  options: object,
  onMutate: (variables: TVariables) => unknown,
  variables: TVariables,
) {
  const held = heldRequest();
  const observer = new MutationObserver(client, {
    ...(options as MutationObserverOptions<unknown, Error, TVariables, unknown>),
    mutationFn: held.mutationFn,
    onMutate,
  });
  const settled = observer.mutate(variables).catch(() => 'refused');
  await tick();
  return {
    refuse: async () => {
      held.refuse(refusal());
      return settled;
    },
  };
}

describe('structure changes show at once and go back when refused', () => {
  it('attach: the task joins its new parent’s sub-tasks and progress, leaves its former parent’s', async () => {
    const client = cacheWithStructures();
    const before = everyStructure(client);
    const variables: SetParentVariables = {
      taskId: CHILD,
      parentId: PARENT,
      subtask: subtask(CHILD, 'WEB-3', 'DONE'),
    };
    const change = await startChange(
      client,
      setParentOptions(client),
      (v: SetParentVariables) => showParentChange(client, v),
      variables,
    );

    expect(structureOf(client, PARENT)?.subtasks.map((row) => row.reference)).toEqual(['WEB-5', 'WEB-3']);
    expect(structureOf(client, PARENT)?.progress).toEqual({ done: 2, total: 2 });
    expect(structureOf(client, FORMER_PARENT)?.subtasks).toEqual([]);
    expect(structureOf(client, FORMER_PARENT)?.progress).toEqual({ done: 0, total: 0 });

    expect(await change.refuse()).toBe('refused');
    expect(everyStructure(client)).toEqual(before);
  });

  it('detach: the task leaves its parent’s sub-tasks and its own page names no parent', async () => {
    const client = cacheWithStructures();
    const before = everyStructure(client);
    const change = await startChange(
      client,
      setParentOptions(client),
      (v: SetParentVariables) => showParentChange(client, v),
      { taskId: CHILD, parentId: null, subtask: null },
    );

    expect(structureOf(client, FORMER_PARENT)?.subtasks).toEqual([]);
    expect(structureOf(client, CHILD)?.parent).toBeNull();

    await change.refuse();
    expect(everyStructure(client)).toEqual(before);
  });

  it('add relation: the row shows with no id any later change could name, and the Blocked mark follows', async () => {
    const client = cacheWithStructures();
    const before = everyStructure(client);
    const variables: AddRelationVariables = {
      taskId: PARENT,
      side: 'blocked_by',
      otherId: CHILD,
      other: link(CHILD, 'WEB-3'),
      self: link(PARENT, 'WEB-1'),
    };
    const change = await startChange(
      client,
      addRelationOptions(client),
      (v: AddRelationVariables) => showRelationAdded(client, v),
      variables,
    );

    const shown = structureOf(client, PARENT);
    const added = shown?.relations.at(-1);
    expect(added).toMatchObject({ side: 'blocked_by', task: link(CHILD, 'WEB-3') });
    expect(added && isPendingRelation(added)).toBe(true);
    expect(shown?.relations.filter(isPendingRelation)).toHaveLength(1);
    expect(shown?.blocked).toBe(true);
    // The other end, cached from an earlier visit, reads it from its side at once: it blocks WEB-1.
    const otherEnd = structureOf(client, CHILD)?.relations.at(-1);
    expect(otherEnd).toMatchObject({ side: 'blocks', task: link(PARENT, 'WEB-1') });
    expect(otherEnd && isPendingRelation(otherEnd)).toBe(true);
    expect(structureOf(client, CHILD)?.blocked).toBe(false);

    await change.refuse();
    expect(everyStructure(client)).toEqual(before);
  });

  it('add relation queued before the other end was shown: only this task’s page changes', async () => {
    const client = cacheWithStructures();
    const childBefore = structureOf(client, CHILD);
    await showRelationAdded(client, {
      taskId: PARENT,
      side: 'duplicates',
      otherId: CHILD,
      other: link(CHILD, 'WEB-3'),
    });
    expect(structureOf(client, PARENT)?.relations.at(-1)).toMatchObject({ side: 'duplicates' });
    expect(structureOf(client, CHILD)).toBe(childBefore);
  });

  it('remove relation: the row leaves both ends', async () => {
    const client = cacheWithStructures();
    const before = everyStructure(client);
    const change = await startChange(
      client,
      removeRelationOptions(client),
      (v: RemoveRelationVariables) => showRelationRemoved(client, v),
      { taskId: PARENT, relationId: RELATION, otherId: BLOCKER },
    );

    expect(structureOf(client, PARENT)?.relations).toEqual([]);
    expect(structureOf(client, BLOCKER)?.relations).toEqual([]);

    await change.refuse();
    expect(everyStructure(client)).toEqual(before);
  });

  it('move: the sub-task takes its new place on its parent’s page', async () => {
    const client = cacheWithStructures();
    client.setQueryData<TaskStructureView>(queryKeys.taskStructure(PARENT), (structure) =>
      structure
        ? {
            ...structure,
            subtasks: [...structure.subtasks, subtask(CHILD, 'WEB-3')],
            progress: { done: 1, total: 2 },
          }
        : structure,
    );
    const before = everyStructure(client);
    const change = await startChange(
      client,
      moveSubtaskOptions(client),
      (v: MoveSubtaskVariables) => showSubtaskMoved(client, v),
      { parentId: PARENT, taskId: CHILD, index: 0 },
    );

    expect(structureOf(client, PARENT)?.subtasks.map((row) => row.reference)).toEqual(['WEB-3', 'WEB-5']);

    await change.refuse();
    expect(everyStructure(client)).toEqual(before);
  });
});
