import type { RemarkableTaskView } from '@figgle/shared/dashboard-schemas';
import { Anchor, Badge, Group, Skeleton, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { t } from '../../../lib/i18n/i18n';
import { paths } from '../../../shared/paths';
import { ProjectEmoji } from '../../../ui/project-emoji';
import { DashboardCard } from './dashboard-card';
import { EmptyNote } from './empty-note';
import { REASON_COLOURS, reasonWords } from './remarkable-reasons';

interface RemarkableTasksProps {
  tasks: RemarkableTaskView[] | undefined;
  /** The moment the figures were read, from which "overdue by" and "for 9 days" are counted. */
  now: Date;
}

/** Tasks that deserve a look (overdue, stuck in Doing, much discussed), each saying why. */
export function RemarkableTasks({ tasks, now }: RemarkableTasksProps) {
  return (
    <DashboardCard title={t('dashboard.remarkableTitle')} subtitle={t('dashboard.remarkableSubtitle')}>
      {!tasks ? (
        <Skeleton h={120} />
      ) : tasks.length === 0 ? (
        <EmptyNote>{t('dashboard.remarkableEmpty')}</EmptyNote>
      ) : (
        <Stack component="ul" gap={8} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {tasks.map((task) => (
            <Group component="li" key={task.task_id} gap={8} wrap="wrap" justify="space-between">
              <Group gap={8} wrap="nowrap" miw={0} style={{ flex: '1 1 240px' }}>
                <ProjectEmoji emoji={task.project.emoji} size="xs" label={task.project.name} />
                <Text size="xs" c="dimmed" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                  {task.project.trigram}-{task.reference}
                </Text>
                <Anchor component={Link} to={paths.task(task.task_id)} size="sm" c="inherit" miw={0}>
                  <Text component="span" size="sm" truncate display="block">
                    {task.title}
                  </Text>
                </Anchor>
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
          ))}
        </Stack>
      )}
    </DashboardCard>
  );
}
