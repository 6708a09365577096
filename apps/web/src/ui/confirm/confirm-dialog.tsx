import { Button, Group, Modal, Text } from '@mantine/core';
import type { ConfirmAnswer, ConfirmRequest } from './confirm-service';

export interface ConfirmDialogProps {
  request: ConfirmRequest | undefined;
  opened: boolean;
  onAnswer: (answer: ConfirmAnswer) => void;
  /** The dialog has faded out: the next request may open. */
  onExited: () => void;
}

/** The dialog of `confirm()`: a chunk of its own, fetched with the first request (see the host). */
export function ConfirmDialog({ request, opened, onAnswer, onExited }: ConfirmDialogProps) {
  return (
    <Modal.Root
      // Above any other dialog: a confirmation or an error may be asked from inside one.
      zIndex={400}
      opened={opened}
      onClose={() => onAnswer(false)}
      onExitTransitionEnd={onExited}
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
            {request?.title}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <Text c="dimmed" size="sm">
            {request?.text}
          </Text>
          <Group justify="flex-end" gap="sm" mt="xl">
            {request?.noCancel ? null : (
              <Button variant="default" onClick={() => onAnswer(false)}>
                {request?.cancelLabel}
              </Button>
            )}
            {request?.alternativeLabel ? (
              <Button variant="light" onClick={() => onAnswer('alternative')}>
                {request.alternativeLabel}
              </Button>
            ) : null}
            <Button onClick={() => onAnswer(true)}>{request?.confirmLabel}</Button>
          </Group>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
