import { DESIGN_STATUS_LABELS } from '@figgle/shared/figma-dev-status-schemas';
import { Badge } from '@mantine/core';
import { useCachedTask } from '../../api/get-task';

/** The Designs section's "Design: Ready for dev" / "Design: Completed", from Figma's Dev Mode status. */
export function DesignStatus({ taskId }: { taskId: string }) {
  const { data: task } = useCachedTask(taskId);
  const status = task?.design_status;
  if (!status) return null;
  return (
    <Badge color={status === 'READY_FOR_DEV' ? 'teal' : 'gray'} variant="light" size="md" w="fit-content">
      {DESIGN_STATUS_LABELS[status]}
    </Badge>
  );
}
