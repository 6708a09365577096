import type { UseMutationResult } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { refusalText } from './api-client';

/**
 * A form that sends one write when it is submitted: `send(event, input, done)` sends it in place of
 * the browser's submission, and `error` is the reason of the last refusal (the server's words, else
 * `fallback`), for the form to show until the next try.
 */
export function useFormWrite<Answer, Input>(
  write: Pick<UseMutationResult<Answer, Error, Input>, 'mutate'>,
  fallback: string,
) {
  const [error, setError] = useState<string | null>(null);
  function send(event: FormEvent<HTMLFormElement>, input: Input, done: (answer: Answer) => void) {
    event.preventDefault();
    setError(null);
    write.mutate(input, { onSuccess: done, onError: (failure) => setError(refusalText(failure, fallback)) });
  }
  return { error, send };
}
