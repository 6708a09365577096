import { useEffect, useState } from 'react';
import { lazyReady } from '../../lib/lazy-ready';
import type { ConfirmDialogProps } from './confirm-dialog';
import { type ConfirmAnswer, type ConfirmRequest, listenToConfirmRequests } from './confirm-service';

// The dialog (Mantine's modal, focus trap, scroll lock) is a chunk of its own, fetched with the first
// request instead of with every page's first load.
const ConfirmDialog = lazyReady<ConfirmDialogProps>(
  async () => (await import('./confirm-dialog')).ConfirmDialog,
);

/** Mounted once by the providers; shows the requests of `confirm()` one at a time. */
export function ConfirmDialogHost() {
  const [requests, setRequests] = useState<ConfirmRequest[]>([]);
  const [answered, setAnswered] = useState(false);
  const [codeReady, setCodeReady] = useState(false);
  const current = requests[0];

  useEffect(
    () =>
      listenToConfirmRequests((request) => {
        ConfirmDialog.preload().then(
          () => {
            setCodeReady(true);
            setRequests((pending) => [...pending, request]);
          },
          // The code cannot be fetched (offline, before the service worker kept it): the request is
          // declined, as a cancel would, rather than the page failing.
          () => request.resolve(false),
        );
      }),
    [],
  );

  function answer(given: ConfirmAnswer) {
    if (!current || answered) return;
    current.resolve(given);
    setAnswered(true);
  }

  // The content stays on screen while the dialog fades out; the next request opens afterwards.
  function showNextRequest() {
    setRequests((pending) => pending.slice(1));
    setAnswered(false);
  }

  if (!codeReady) return null;
  return (
    <ConfirmDialog
      request={current}
      opened={current !== undefined && !answered}
      onAnswer={answer}
      onExited={showNextRequest}
    />
  );
}
