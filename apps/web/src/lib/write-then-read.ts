import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';

/**
 * The mutation of an endpoint whose write changes one cached read: once the write is answered, done
 * or refused, that read is fetched again, and the mutation settles when it has been.
 */
export function useWriteThenRead<Input, Answer>(
  mutationFn: (input: Input) => Promise<Answer>,
  changed: QueryKey,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: changed }),
  });
}
