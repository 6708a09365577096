import { Badge } from '@mantine/core';
import { t } from '../../../lib/i18n/i18n';
import { useDesignChanged } from '../api/list-design-changed-tasks';

/** "Design changed" on a card or row: a linked Figma design changed since the assignee saw it. */
export function DesignChangedMark({ projectId, taskId }: { projectId: string; taskId: string }) {
  if (!useDesignChanged(projectId, taskId)) return null;
  return (
    <Badge component="span" color="orange" variant="light" size="sm" style={{ flex: '0 0 auto' }}>
      {t('tasks.designChanged')}
    </Badge>
  );
}
