import { type DehydratedState, hydrate, onlineManager, type QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiRequestError } from '../api-client';
import { createQueryClient } from '../query-client';
import { offlineMutationKeys } from './mutation-keys';
import { snapshotForDisk } from './query-persister';

interface Task {
  task_id: string;
  title: string;
  status: 'TODO' | 'DOING' | 'DONE';
  rank: string;
  assignee: { user_id: string; firstname: string; lastname: string } | null;
  due_on: string | null;
  due_at: string | null;
  priority: 'URGENT' | 'HIGH' | 'MEDIUM' | 'LOW' | 'NONE';
  estimate: string | null;
  labels: Array<{ label_id: string; name: string; color: string }>;
  version: number;
}

const ada = { user_id: 'u-ada', firstname: 'Ada', lastname: 'Author' };
const planning = { due_on: '2026-03-05', due_at: null, priority: 'NONE', estimate: '3', labels: [] } as const;
const bug = { label_id: 'l-bug', name: 'Bug', color: 'red' };
const task: Task = {
  task_id: 't1',
  title: 'Alpha',
  status: 'TODO',
  rank: 'm',
  assignee: null,
  ...planning,
  labels: [bug],
  version: 3,
};
const other: Task = {
  task_id: 't2',
  title: 'Beta',
  status: 'TODO',
  rank: 'n',
  assignee: null,
  ...planning,
  labels: [],
  version: 1,
};

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

/** The page before the reload: the task on its page, in its project's list and in My tasks. */
function pageWithTask(): QueryClient {
  const client = createQueryClient();
  client.setQueryData(['task', 't1'], { ...task, content_json: { ops: [] } });
  client.setQueryData(['tasks', 'p1'], [task, other]);
  client.setQueryData(['my-tasks'], [{ ...task, project: { name: 'Website' } }]);
  return client;
}

function patchEverywhere(client: QueryClient, patch: Partial<Task>): void {
  client.setQueryData<Task>(['task', 't1'], (cached) => (cached ? { ...cached, ...patch } : cached));
  for (const key of [['tasks', 'p1'], ['my-tasks']])
    client.setQueryData<Task[]>(key, (list) =>
      list?.map((t) => (t.task_id === 't1' ? { ...t, ...patch } : t)),
    );
}

/** A change made offline as the hooks make it: it waits, and shows at once. */
function changeOffline(
  client: QueryClient,
  mutationKey: readonly string[],
  variables: Record<string, unknown>,
  showIt: () => void,
): void {
  const mutation = client.getMutationCache().build(client, {
    mutationKey: [...mutationKey],
    mutationFn: () => new Promise(() => {}),
    onMutate: () => {
      showIt();
      return { previous: 'this page only' };
    },
  });
  void mutation.execute(variables).catch(() => {});
}

/** The page before the reload, where the task was moved to DOING offline. */
function pageWithStatusChangedOffline(): QueryClient {
  const before = pageWithTask();
  changeOffline(before, offlineMutationKeys.updateTask, { taskId: 't1', changes: { status: 'DOING' } }, () =>
    patchEverywhere(before, { status: 'DOING' }),
  );
  return before;
}

/** The reloaded page: the requests are registered, the copy comes back, the network returns. */
async function reloadAndRefuse(before: QueryClient): Promise<QueryClient> {
  const stored = JSON.parse(JSON.stringify(snapshotForDisk(before).state)) as DehydratedState;
  const after = createQueryClient();
  const refused = () =>
    Promise.reject(new ApiRequestError({ statusCode: 404, code: 'not_found', message: 'Not found' }));
  after.setMutationDefaults(offlineMutationKeys.updateTask, { mutationFn: refused });
  after.setMutationDefaults(offlineMutationKeys.kanbanUpdate, { mutationFn: refused });
  after.setMutationDefaults(offlineMutationKeys.setTaskLabels, { mutationFn: refused });
  hydrate(after, stored);
  onlineManager.setOnline(true);
  await after.resumePausedMutations();
  await tick();
  return after;
}

function copies(client: QueryClient): Task[] {
  return [
    client.getQueryData<Task>(['task', 't1']),
    client.getQueryData<Task[]>(['tasks', 'p1'])?.find((t) => t.task_id === 't1'),
    client.getQueryData<Task[]>(['my-tasks'])?.find((t) => t.task_id === 't1'),
  ].filter((copy): copy is Task => !!copy);
}

describe('a change made offline, refused by the server after a reload', () => {
  beforeEach(() => onlineManager.setOnline(false));
  afterEach(() => onlineManager.setOnline(true));

  it('a status change: every copy of the task shows its status from before, at once', async () => {
    const before = pageWithStatusChangedOffline();
    await tick();
    expect(copies(before).map((t) => t.status)).toEqual(['DOING', 'DOING', 'DOING']);

    const after = await reloadAndRefuse(before);

    expect(copies(after).map((t) => t.status)).toEqual(['TODO', 'TODO', 'TODO']);
    expect(after.getQueryData<Task[]>(['tasks', 'p1'])?.[1]).toEqual(other);
  });

  it('a title and an assignee together: both come back', async () => {
    const before = pageWithTask();
    changeOffline(
      before,
      offlineMutationKeys.updateTask,
      { taskId: 't1', changes: { title: 'Alpha offline', assignee_id: ada.user_id }, assignee: ada },
      () => patchEverywhere(before, { title: 'Alpha offline', assignee: ada }),
    );
    await tick();

    const after = await reloadAndRefuse(before);

    expect(copies(after).map((t) => [t.title, t.assignee])).toEqual([
      ['Alpha', null],
      ['Alpha', null],
      ['Alpha', null],
    ]);
  });

  it('a due time and a priority together: the due day and the priority from before come back', async () => {
    const before = pageWithTask();
    const due_at = '2026-03-06T14:30:00.000Z';
    changeOffline(
      before,
      offlineMutationKeys.updateTask,
      { taskId: 't1', changes: { due_at, priority: 'HIGH' } },
      () => patchEverywhere(before, { due_on: null, due_at, priority: 'HIGH' }),
    );
    await tick();

    const after = await reloadAndRefuse(before);

    expect(copies(after).map((t) => [t.due_on, t.due_at, t.priority])).toEqual([
      ['2026-03-05', null, 'NONE'],
      ['2026-03-05', null, 'NONE'],
      ['2026-03-05', null, 'NONE'],
    ]);
  });

  it('an estimate: the estimate from before comes back', async () => {
    const before = pageWithTask();
    changeOffline(before, offlineMutationKeys.updateTask, { taskId: 't1', changes: { estimate: '8' } }, () =>
      patchEverywhere(before, { estimate: '8' }),
    );
    await tick();

    const after = await reloadAndRefuse(before);

    expect(copies(after).map((t) => t.estimate)).toEqual(['3', '3', '3']);
  });

  it('a label change: the labels from before come back', async () => {
    const before = pageWithTask();
    const ui = { label_id: 'l-ui', name: 'UI', color: 'blue' };
    changeOffline(
      before,
      offlineMutationKeys.setTaskLabels,
      { taskId: 't1', labelIds: [ui.label_id], labels: [ui] },
      () => patchEverywhere(before, { labels: [ui] }),
    );
    await tick();
    expect(copies(before).map((t) => t.labels)).toEqual([[ui], [ui], [ui]]);

    const after = await reloadAndRefuse(before);

    expect(copies(after).map((t) => t.labels)).toEqual([[bug], [bug], [bug]]);
  });

  it('a board move, shown before it was sent: the card goes back to its column and place', async () => {
    const before = pageWithTask();
    // The board shows the drop first and hands the change its copy of the lists as they were.
    const snapshot = [
      [['tasks', 'p1'], before.getQueryData(['tasks', 'p1'])],
      [['my-tasks'], before.getQueryData(['my-tasks'])],
    ];
    for (const key of [['tasks', 'p1'], ['my-tasks']])
      before.setQueryData<Task[]>(key, (list) =>
        list?.map((t) => (t.task_id === 't1' ? { ...t, status: 'DONE', rank: 'z' } : t)),
      );
    changeOffline(
      before,
      offlineMutationKeys.kanbanUpdate,
      { taskId: 't1', status: 'DONE', index: 0, snapshot },
      () => {},
    );
    await tick();

    const after = await reloadAndRefuse(before);

    const rows = [
      after.getQueryData<Task[]>(['tasks', 'p1'])?.[0],
      after.getQueryData<Task[]>(['my-tasks'])?.[0],
    ];
    expect(rows.map((t) => [t?.status, t?.rank])).toEqual([
      ['TODO', 'm'],
      ['TODO', 'm'],
    ]);
  });

  it('leaves a copy that shows something newer by now (a live update came in) as it is', async () => {
    const before = pageWithStatusChangedOffline();
    await tick();
    // Someone else finished the task meanwhile, and the page heard it.
    before.setQueryData<Task>(['task', 't1'], (cached) =>
      cached ? { ...cached, status: 'DONE', version: 4 } : cached,
    );

    const after = await reloadAndRefuse(before);

    expect(copies(after).map((t) => t.status)).toEqual(['DONE', 'TODO', 'TODO']);
  });

  it('a change sent from the page that made it is left to its own hook', async () => {
    onlineManager.setOnline(true);
    const client = pageWithTask();
    const mutation = client.getMutationCache().build(client, {
      mutationKey: [...offlineMutationKeys.updateTask],
      mutationFn: () => Promise.reject(new Error('refused')),
      onMutate: () => patchEverywhere(client, { status: 'DOING' }),
    });
    await mutation.execute({ taskId: 't1', changes: { status: 'DOING' } }).catch(() => {});

    // The hook rolls back from its own copy; nothing else touched the cache.
    expect(copies(client).map((t) => t.status)).toEqual(['DOING', 'DOING', 'DOING']);
  });
});
