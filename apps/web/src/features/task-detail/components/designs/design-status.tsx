import { Badge } from '@mantine/core';
import { t } from '../../../../lib/i18n/i18n';
import { useCachedTask } from '../../api/get-task';

/** The Designs section's "Design: Ready for dev" / "Design: Completed", from Figma's Dev Mode status. */
export function DesignStatus({ taskId }: { taskId: string }) {
  const { data: task } = useCachedTask(taskId);
  const status = task?.design_status;
  if (!status) return null;
  return (
    <Badge color={status === 'READY_FOR_DEV' ? 'teal' : 'gray'} variant="light" size="md" w="fit-content">
      {status === 'READY_FOR_DEV'
        ? t('task-detail.designStatusReady')
        : t('task-detail.designStatusCompleted')}
    </Badge>
  );
}
