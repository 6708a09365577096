import type { RemarkableTaskView } from '@figgle/shared/dashboard-schemas';
import { Badge, Group } from '@mantine/core';
import { t } from '../../../lib/i18n/i18n';
import { CardList } from './card-list';
import { DashboardCard } from './dashboard-card';
import { REASON_COLOURS, reasonWords } from './remarkable-reasons';
import { TaskLine } from './task-line';

interface RemarkableTasksProps {
  tasks: RemarkableTaskView[] | undefined;
  /** The moment the figures were read, from which "overdue by" and "for 9 days" are counted. */
  now: Date;
}

/** Tasks that deserve a look (overdue, stuck in Doing, much discussed), each saying why. */
export function RemarkableTasks({ tasks, now }: RemarkableTasksProps) {
  return (
    <DashboardCard title={t('dashboard.remarkableTitle')} subtitle={t('dashboard.remarkableSubtitle')}>
      <CardList items={tasks} empty={t('dashboard.remarkableEmpty')} placeholderHeight={120} gap={8}>
        {(task) => (
          <Group component="li" key={task.task_id} gap={8} wrap="wrap" justify="space-between">
            <Group gap={8} wrap="nowrap" miw={0} style={{ flex: '1 1 240px' }}>
              <TaskLine task={task} />
            </Group>
            <Group gap={4} wrap="wrap">
              {task.reasons.map((reason) => (
                <Badge
                  key={reason.kind}
                  variant="light"
                  color={REASON_COLOURS[reason.kind]}
                  tt="none"
                  fw={500}
                >
                  {reasonWords(reason, now)}
                </Badge>
              ))}
            </Group>
          </Group>
        )}
      </CardList>
    </DashboardCard>
  );
}
