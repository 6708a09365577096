import type { ChecklistItemView, ChecklistView } from '@figgle/shared/checklist-schemas';
import { MutationObserver, QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { OFFLINE_SCOPE } from '../../../lib/offline/offline-queue';
import { queryKeys } from '../../../shared/api/query-keys';
import { type AddChecklistItemVariables, addChecklistItemOptions } from './add-checklist-item';
import { optimisticChecklist } from './checklist-cache';
import { type UpdateChecklistItemVariables, updateChecklistItemOptions } from './update-checklist-item';

/** What a change's onMutate returns: the list before it. */
type Shown = { previous: ChecklistView | undefined };

const TASK = '00000000-0000-4000-8000-000000000001';
const item = (item_id: string, text: string, done = false): ChecklistItemView => ({
  item_id,
  text,
  done,
  rank: item_id,
  converted_task: null,
});

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

let stop: (() => void) | undefined;
afterEach(() => stop?.());

describe('checklist changes made one after another', () => {
  it('an item added answers with its id, and a tick made meanwhile stays ticked until the server has it', async () => {
    // The server's checklist, as each read finds it: the new item is there once its POST answered,
    // the tick only once its PATCH did.
    let server: ChecklistView = { items: [item('a', 'Book the room')] };
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    const key = queryKeys.checklist(TASK);
    const reads = new QueryObserver(client, { queryKey: key, queryFn: async () => structuredClone(server) });
    stop = reads.subscribe(() => {});
    await expect.poll(() => client.getQueryData<ChecklistView>(key)?.items.length).toBe(1);

    const checklist = optimisticChecklist(client, TASK);
    const posted = deferred<ChecklistItemView>();
    const patched = deferred<ChecklistItemView>();
    const adding = new MutationObserver<ChecklistItemView, Error, AddChecklistItemVariables, Shown>(client, {
      ...addChecklistItemOptions(client),
      scope: { id: OFFLINE_SCOPE },
      mutationFn: () => posted.promise,
      onMutate: ({ text }) => checklist.show((items) => [...items, item('pending:1', text)]),
    });
    const ticking = new MutationObserver<ChecklistItemView, Error, UpdateChecklistItemVariables, Shown>(
      client,
      {
        ...updateChecklistItemOptions(client),
        scope: { id: OFFLINE_SCOPE },
        mutationFn: () => patched.promise,
        onMutate: ({ itemId }) =>
          checklist.show((items) => items.map((i) => (i.item_id === itemId ? { ...i, done: true } : i))),
      },
    );
    const added = adding.mutate({ taskId: TASK, text: 'Print the posters' });
    const ticked = ticking.mutate({ taskId: TASK, itemId: 'a', changes: { done: true } });
    await settle();
    expect(client.getQueryData<ChecklistView>(key)?.items.map((i) => i.done)).toEqual([true, false]);

    // The item is added: the server has it, not yet the tick, which only now leaves for the server.
    server = { items: [item('a', 'Book the room'), item('b', 'Print the posters')] };
    posted.resolve(server.items[1]!);
    await added;
    await settle();
    await settle();
    // The new item takes the server's id at once (it can be ticked or moved), and the tick still
    // shows: a read of the checklist at this moment would answer "Book the room" unticked.
    expect(client.getQueryData<ChecklistView>(key)?.items.map((i) => [i.item_id, i.done])).toEqual([
      ['a', true],
      ['b', false],
    ]);

    server = { items: [item('a', 'Book the room', true), item('b', 'Print the posters')] };
    patched.resolve(server.items[0]!);
    await ticked;
    await expect
      .poll(() => client.getQueryData<ChecklistView>(key)?.items.map((i) => `${i.text}:${i.done}`))
      .toEqual(['Book the room:true', 'Print the posters:false']);
  });
});
