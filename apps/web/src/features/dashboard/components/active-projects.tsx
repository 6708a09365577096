import type { DashboardView } from '@figgle/shared/dashboard-schemas';
import { Anchor, Group, Skeleton, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import { ProjectEmoji } from '../../../ui/project-emoji';
import { DashboardCard } from './dashboard-card';
import { EmptyNote } from './empty-note';

const changes = (count: number) => `${count.toLocaleString('en-US')} ${count === 1 ? 'change' : 'changes'}`;

/** The projects with the most changes over the last 7 days. */
export function ActiveProjects({ projects }: { projects: DashboardView['active_projects'] | undefined }) {
  return (
    <DashboardCard title="Most active projects" subtitle="Changes over the last 7 days">
      {!projects ? (
        <Skeleton h={120} />
      ) : projects.length === 0 ? (
        <EmptyNote>No changes this week.</EmptyNote>
      ) : (
        <Stack component="ol" gap="xs" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {projects.map((project) => (
            <Group component="li" key={project.project_id} justify="space-between" wrap="nowrap" gap="sm">
              <Anchor
                component={Link}
                to={paths.projectList(project.project_id)}
                size="sm"
                fw={500}
                c="inherit"
                miw={0}
              >
                <Group component="span" gap={8} wrap="nowrap">
                  <ProjectEmoji emoji={project.emoji} size="sm" />
                  <Text component="span" size="sm" fw={500} truncate>
                    {project.name}
                  </Text>
                </Group>
              </Anchor>
              <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                {changes(project.activity)}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </DashboardCard>
  );
}
