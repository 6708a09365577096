import { Anchor, Group, Skeleton, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import { formatDueLong } from '../../../ui/planning/due-date';
import { ProjectEmoji } from '../../../ui/project-emoji';
import { useMilestonesAtRisk } from '../api/list-milestones-at-risk';
import { DashboardCard } from './dashboard-card';
import { EmptyNote } from './empty-note';

const day = (value: string) => formatDueLong({ due_on: value, due_at: null }) ?? value;

/** Milestones forecast to miss their target: each with its project, target and forecast. */
export function MilestonesAtRisk() {
  const { data: milestones } = useMilestonesAtRisk();
  return (
    <DashboardCard title="Milestones at risk" subtitle="Forecast past their target at the recent pace">
      {!milestones ? (
        <Skeleton h={60} />
      ) : milestones.length === 0 ? (
        <EmptyNote>No milestone is at risk.</EmptyNote>
      ) : (
        <Stack component="ul" gap="xs" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {milestones.map((milestone) => (
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
                Target {day(milestone.target_date)} ·{' '}
                {milestone.forecast_date ? `forecast ${day(milestone.forecast_date)}` : 'no forecast'} ·{' '}
                {milestone.tasks.done} of {milestone.tasks.total} done
              </Text>
            </Stack>
          ))}
        </Stack>
      )}
    </DashboardCard>
  );
}
