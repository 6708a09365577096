import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';

interface RemoveFromListOptions<Item, Answer> {
  /** The call that removes (deletes, revokes, restores elsewhere) the item of this id. */
  mutationFn: (id: string) => Promise<Answer>;
  /** The cached list the item leaves. */
  listKey: QueryKey;
  idOf: (item: Item) => string;
  /** Other reads the removal changes (the tasks that lose a label), read again with the list. */
  alsoChanged?: readonly QueryKey[];
}

/**
 * The mutation of one endpoint that takes an item out of a cached list by its id: the item leaves
 * the list as soon as the server agrees, and the list, with what else the removal changes, is read
 * again in the background whatever the answer.
 */
export function useRemoveFromList<Item, Answer = unknown>({
  mutationFn,
  listKey,
  idOf,
  alsoChanged = [],
}: RemoveFromListOptions<Item, Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (_answer, id) =>
      queryClient.setQueryData<Item[]>(listKey, (items) => items?.filter((item) => idOf(item) !== id)),
    onSettled: () => {
      for (const queryKey of [listKey, ...alsoChanged]) void queryClient.invalidateQueries({ queryKey });
    },
  });
}
