import { Button, Group, Modal, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { type ConfirmRequest, listenToConfirmRequests } from './confirm-service';

/** Mounted once by the providers; shows the requests of `confirm()` one at a time. */
export function ConfirmDialogHost() {
  const [requests, setRequests] = useState<ConfirmRequest[]>([]);
  const [answered, setAnswered] = useState(false);
  const current = requests[0];

  useEffect(() => listenToConfirmRequests((request) => setRequests((pending) => [...pending, request])), []);

  function answer(confirmed: boolean) {
    if (!current || answered) return;
    current.resolve(confirmed);
    setAnswered(true);
  }

  // The content stays on screen while the dialog fades out; the next request opens afterwards.
  function showNextRequest() {
    setRequests((pending) => pending.slice(1));
    setAnswered(false);
  }

  return (
    <Modal.Root
      // Above any other dialog: a confirmation or an error may be asked from inside one.
      zIndex={400}
      opened={current !== undefined && !answered}
      onClose={() => answer(false)}
      onExitTransitionEnd={showNextRequest}
      centered
      size="sm"
      closeOnEscape
      closeOnClickOutside
      lockScroll
    >
      <Modal.Overlay backgroundOpacity={0.45} blur={2} />
      <Modal.Content radius="lg">
        <Modal.Header pb="xs">
          <Modal.Title data-autofocus tabIndex={-1} fw={600} fz="lg" style={{ outline: 'none' }}>
            {current?.title}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <Text c="dimmed" size="sm">
            {current?.text}
          </Text>
          <Group justify="flex-end" gap="sm" mt="xl">
            {current?.noCancel ? null : (
              <Button variant="default" onClick={() => answer(false)}>
                {current?.cancelLabel}
              </Button>
            )}
            <Button onClick={() => answer(true)}>{current?.confirmLabel}</Button>
          </Group>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
