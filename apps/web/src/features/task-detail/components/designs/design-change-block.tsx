import type { DesignChangeView } from '@figgle/shared/design-change-schemas';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { t } from '../../../../lib/i18n/i18n';
import { relativeTime } from '../../../../lib/relative-time';
import { useMe } from '../../../../shared/api/get-me';
import { useCachedTask } from '../../api/get-task';
import { useDesignChanges } from '../../api/list-design-changes';
import { useMarkDesignChangesSeen } from '../../api/mark-design-changes-seen';
import { DesignChangeDialog, versionName } from './design-change-dialog';

/**
 * "Design changed" on the task page (docs/product.md#design-changed): each linked design that
 * changed in Figma since the assignee last saw it, with the version and a before | after
 * comparison. The assignee opening the page counts as seeing it: the changes stay on this page
 * until they leave, and the card's mark goes.
 */
export function DesignChangeBlock({ taskId }: { taskId: string }) {
  const { data: changes } = useDesignChanges(taskId);
  const { data: task } = useCachedTask(taskId);
  const { data: me } = useMe();
  const markSeen = useMarkDesignChangesSeen();
  const [shown, setShown] = useState<DesignChangeView[]>([]);
  const [open, setOpen] = useState<DesignChangeView | null>(null);

  // Kept for this visit: once the assignee has seen them, the server lists them no more.
  useEffect(() => {
    if (changes && changes.length > 0) setShown(changes);
  }, [changes]);
  const isAssignee = !!me && task?.assignee?.user_id === me.user_id;
  const { mutate } = markSeen;
  useEffect(() => {
    if (isAssignee && changes && changes.length > 0) mutate(taskId);
  }, [isAssignee, changes, taskId, mutate]);

  if (shown.length === 0) return null;
  return (
    <Stack gap="xs" aria-label={t('task-detail.designChanges')}>
      {shown.map((change) => (
        <Alert key={change.task_figma_node_id} color="orange" variant="light" radius="md" p="sm">
          <Stack gap={6}>
            <Text size="sm" fw={600}>
              {t('task-detail.designChangedWhen', { when: relativeTime(change.changed_at) })}
            </Text>
            <Text size="xs">
              {change.version.author
                ? t('task-detail.frameVersionBy', {
                    node: change.node_id,
                    version: versionName(change),
                    author: change.version.author,
                  })
                : t('task-detail.frameVersion', { node: change.node_id, version: versionName(change) })}
            </Text>
            <Button
              size="xs"
              variant="default"
              w="fit-content"
              aria-label={t('task-detail.compareFrame', { node: change.node_id })}
              onClick={() => setOpen(change)}
            >
              {t('task-detail.compare')}
            </Button>
          </Stack>
        </Alert>
      ))}
      <DesignChangeDialog change={open} onClose={() => setOpen(null)} />
    </Stack>
  );
}
