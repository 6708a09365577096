import { Anchor, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { t } from '../../../lib/i18n/i18n';
import { paths } from '../../../shared/paths';
import { formatDueLong } from '../../../ui/planning/due-date';
import { ProjectEmoji } from '../../../ui/project-emoji';
import { useMilestonesAtRisk } from '../api/list-milestones-at-risk';
import { CardList } from './card-list';
import { DashboardCard } from './dashboard-card';

const day = (value: string) => formatDueLong({ due_on: value, due_at: null }) ?? value;

/** Milestones forecast to miss their target: each with its project, target and forecast. */
export function MilestonesAtRisk() {
  const { data: milestones } = useMilestonesAtRisk();
  return (
    <DashboardCard title={t('dashboard.milestonesTitle')} subtitle={t('dashboard.milestonesSubtitle')}>
      <CardList items={milestones} empty={t('dashboard.milestonesEmpty')} placeholderHeight={60} gap="xs">
        {(milestone) => (
          <Stack component="li" key={milestone.milestone_id} gap={2}>
            <Anchor
              component={Link}
              to={paths.projectMilestones(milestone.project_id)}
              size="sm"
              fw={500}
              c="inherit"
            >
              <Group component="span" gap={8} wrap="nowrap">
                <ProjectEmoji emoji={milestone.project.emoji} size="sm" />
                <Text component="span" size="sm" fw={600} truncate>
                  {milestone.name}
                </Text>
                <Text component="span" size="xs" c="dimmed" truncate>
                  {milestone.project.name}
                </Text>
              </Group>
            </Anchor>
            <Text size="xs" c="dimmed">
              {t('dashboard.milestoneLine', {
                target: day(milestone.target_date),
                forecast: milestone.forecast_date ? day(milestone.forecast_date) : '',
                hasForecast: milestone.forecast_date ? 'yes' : 'no',
                done: milestone.tasks.done,
                total: milestone.tasks.total,
              })}
            </Text>
          </Stack>
        )}
      </CardList>
    </DashboardCard>
  );
}
