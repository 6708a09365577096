import { Button, Group, Modal, Text } from '@mantine/core';
import { t } from '../../../lib/i18n/i18n';
import { useUpdateTask } from '../../../shared/api/update-task';
import { paths } from '../../../shared/paths';
import { toastError } from '../../../ui/toast';
import { useCreateComment } from '../api/create-comment';

interface DuplicateArchiveOfferProps {
  taskId: string;
  /** "WEB-14": the task marked as a duplicate. */
  reference: string;
  /** The original, as the task's relations name it (null until they are read again). */
  original: { reference: string; title: string } | null;
  originalId: string;
  onClose: () => void;
}

/**
 * After "Duplicates": the duplicate may be archived at once, with a comment that links the original,
 * so whoever finds it later knows where the work went.
 */
export function DuplicateArchiveOffer({
  taskId,
  reference,
  original,
  originalId,
  onClose,
}: DuplicateArchiveOfferProps) {
  const update = useUpdateTask();
  const comment = useCreateComment();
  const name = original ? `${original.reference} ${original.title}` : t('task-detail.theOriginalTask');

  async function archive() {
    try {
      await comment.mutateAsync({
        taskId,
        content: {
          ops: [
            { insert: t('task-detail.duplicateOfComment') },
            {
              insert: name,
              attributes: { link: new URL(paths.task(originalId), window.location.href).href },
            },
            { insert: '\n' },
          ],
        },
      });
      await update.mutateAsync({ taskId, changes: { status: 'ARCHIVE' } });
      onClose();
    } catch (error) {
      toastError(error instanceof Error ? error.message : String(error));
    }
  }

  return (
    <Modal opened onClose={onClose} title={t('task-detail.archiveDuplicateTitle', { reference })} centered>
      <Text size="sm" mb="md">
        {t('task-detail.archiveDuplicateText', { reference, name })}
      </Text>
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onClose}>
          {t('task-detail.keepOpen')}
        </Button>
        <Button onClick={archive} loading={update.isPending || comment.isPending}>
          {t('task-detail.archive')}
        </Button>
      </Group>
    </Modal>
  );
}
