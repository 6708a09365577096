import type { TaskStructureView } from '@figgle/shared/subtask-schemas';
import {
  type DehydratedState,
  hydrate,
  MutationObserver,
  onlineManager,
  type QueryClient,
} from '@tanstack/react-query';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AddRelationVariables } from '../features/task-detail/api/add-relation';
import type { SetParentVariables } from '../features/task-detail/api/set-parent';
import type { Subtask, TaskLink } from '../features/task-detail/api/structure-cache';
import { queryKeys } from '../shared/api/query-keys';

// The toast itself needs a page; what it is asked to say is what matters here. The unit tests share
// their modules (no isolation between files), and another file may already have loaded the toast and
// the modules that call it: the app's modules are loaded anew here, after the toast is replaced.
let addRelationOptions: typeof import('../features/task-detail/api/add-relation').addRelationOptions;
let showRelationAdded: typeof import('../features/task-detail/api/add-relation').showRelationAdded;
let setParentOptions: typeof import('../features/task-detail/api/set-parent').setParentOptions;
let showParentChange: typeof import('../features/task-detail/api/set-parent').showParentChange;
let isPendingRelation: typeof import('../features/task-detail/api/structure-cache').isPendingRelation;
let snapshotForDisk: typeof import('../lib/offline/query-persister').snapshotForDisk;
let createQueryClient: typeof import('../lib/query-client').createQueryClient;
let toastRefusedChange: typeof import('../ui/toast').toastRefusedChange;
let registerOfflineMutations: typeof import('./offline-mutations').registerOfflineMutations;
beforeAll(async () => {
  vi.resetModules();
  vi.doMock('../ui/toast', () => ({ toastRefusedChange: vi.fn(), toastError: vi.fn() }));
  // The English catalogue again, into the i18n module loaded anew (the setup file's was the old one).
  await import('../lib/i18n/english-for-tests');
  ({ addRelationOptions, showRelationAdded } = await import('../features/task-detail/api/add-relation'));
  ({ setParentOptions, showParentChange } = await import('../features/task-detail/api/set-parent'));
  ({ isPendingRelation } = await import('../features/task-detail/api/structure-cache'));
  ({ snapshotForDisk } = await import('../lib/offline/query-persister'));
  ({ createQueryClient } = await import('../lib/query-client'));
  ({ toastRefusedChange } = await import('../ui/toast'));
  ({ registerOfflineMutations } = await import('./offline-mutations'));
});

const PARENT = '00000000-0000-4000-8000-000000000001';
const CHILD = '00000000-0000-4000-8000-000000000003';
const BLOCKER = '00000000-0000-4000-8000-000000000004';
const SIBLING = '00000000-0000-4000-8000-000000000005';
const RELATION = '00000000-0000-4000-8000-0000000000aa';

const link = (task_id: string, reference: string): TaskLink => ({
  task_id,
  reference,
  title: `Task ${reference}`,
  status: 'TODO',
});
const subtask = (task_id: string, reference: string): Subtask => ({
  ...link(task_id, reference),
  assignee_id: null,
  due_on: null,
  due_at: null,
  estimate: null,
});
const parentStructure: TaskStructureView = {
  parent: null,
  subtasks: [subtask(SIBLING, 'WEB-5')],
  progress: { done: 0, total: 1 },
  relations: [],
  blocked: false,
};
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

/** The page before the reload: a task attached and a relation added while offline, as the hooks make them. */
async function storedAfterChangesOffline(): Promise<DehydratedState> {
  const before = createQueryClient();
  registerOfflineMutations(before);
  before.setQueryData(queryKeys.task(PARENT), { task_id: PARENT, reference: 1, project: { trigram: 'gar' } });
  before.setQueryData<TaskStructureView>(queryKeys.taskStructure(PARENT), { ...parentStructure });
  onlineManager.setOnline(false);
  const attach: SetParentVariables = { taskId: CHILD, parentId: PARENT, subtask: subtask(CHILD, 'WEB-3') };
  const relate: AddRelationVariables = {
    taskId: PARENT,
    side: 'blocks',
    otherId: BLOCKER,
    other: link(BLOCKER, 'WEB-4'),
  };
  void new MutationObserver(before, {
    ...setParentOptions(before),
    onMutate: (v: SetParentVariables) => showParentChange(before, v),
  })
    .mutate(attach)
    .catch(() => {});
  void new MutationObserver(before, {
    ...addRelationOptions(before),
    onMutate: (v: AddRelationVariables) => showRelationAdded(before, v),
  })
    .mutate(relate)
    .catch(() => {});
  await tick();
  return (JSON.parse(JSON.stringify(snapshotForDisk(before))) as { state: DehydratedState }).state;
}

/** The server, answering each request as `refuses` says, and noting what it was asked. */
function serverNoting(requests: string[], refuses: (url: string) => boolean = () => false) {
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    if (init.method !== 'GET') requests.push(`${init.method} ${url} ${init.body ?? ''}`);
    if (refuses(url))
      return new Response(JSON.stringify({ statusCode: 409, code: 'CONFLICT', message: 'Refused.' }), {
        status: 409,
        headers: { 'content-type': 'application/json' },
      });
    const answer = url.endsWith('/relations') ? { relation_id: RELATION } : {};
    return new Response(JSON.stringify(answer), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
}

/** The reloaded page: the requests are registered, the copy comes back, the network returns. */
async function reloadAndReconnect(stored: DehydratedState): Promise<QueryClient> {
  const after = createQueryClient();
  registerOfflineMutations(after);
  hydrate(after, stored);
  onlineManager.setOnline(true);
  await after.resumePausedMutations();
  return after;
}

describe('structure changes made offline', () => {
  afterEach(() => {
    onlineManager.setOnline(true);
    vi.unstubAllGlobals();
    vi.mocked(toastRefusedChange).mockClear();
  });

  it('survive a reload on the device and are sent after it, in order, with the requests they name', async () => {
    const stored = await storedAfterChangesOffline();
    expect(stored.mutations).toHaveLength(2);
    // What the page showed is kept too: the reloaded page shows both changes before it can send them.
    const shownStructure = stored.queries.find((query) => query.queryKey[2] === 'structure')?.state
      .data as TaskStructureView;
    expect(shownStructure.subtasks.map((row) => row.reference)).toEqual(['WEB-5', 'WEB-3']);
    expect(shownStructure.relations.filter(isPendingRelation).map((relation) => relation.side)).toEqual([
      'blocks',
    ]);

    const requests: string[] = [];
    serverNoting(requests);
    await reloadAndReconnect(stored);
    // A loaded machine may answer later than the resumed queue returns.
    await vi.waitFor(() => expect(requests).toHaveLength(2));

    expect(requests).toEqual([
      `PUT /api/tasks/${CHILD}/parent {"parent_id":"${PARENT}"}`,
      `POST /api/tasks/${PARENT}/relations {"side":"blocks","task_id":"${BLOCKER}"}`,
    ]);
    expect(toastRefusedChange).not.toHaveBeenCalled();
  });

  it('refused after the reload: said by name, and Retry sends the same relation again', async () => {
    const stored = await storedAfterChangesOffline();
    const requests: string[] = [];
    serverNoting(requests, (url) => url.endsWith('/relations'));
    await reloadAndReconnect(stored);
    await vi.waitFor(() => expect(toastRefusedChange).toHaveBeenCalledTimes(1));

    const [toast] = vi.mocked(toastRefusedChange).mock.calls[0] ?? [];
    expect(toast?.title).toBe('A relation of GAR-1 could not be saved');
    // The server's own reason for a refusal (400, 409), not a general "something went wrong".
    expect(toast?.message).toBe('Refused.');
    toast?.onRetry();
    const relationRequest = `POST /api/tasks/${PARENT}/relations {"side":"blocks","task_id":"${BLOCKER}"}`;
    await vi.waitFor(() => expect(requests).toHaveLength(3));
    expect(requests).toEqual([
      `PUT /api/tasks/${CHILD}/parent {"parent_id":"${PARENT}"}`,
      relationRequest,
      relationRequest,
    ]);
  });
});
