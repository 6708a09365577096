import type { DashboardView } from '@figgle/shared/dashboard-schemas';
import { Anchor, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { t } from '../../../lib/i18n/i18n';
import { paths } from '../../../shared/paths';
import { ProjectEmoji } from '../../../ui/project-emoji';
import { CardList } from './card-list';
import { DashboardCard } from './dashboard-card';

/** The projects with the most changes over the last 7 days. */
export function ActiveProjects({ projects }: { projects: DashboardView['active_projects'] | undefined }) {
  return (
    <DashboardCard title={t('dashboard.activeTitle')} subtitle={t('dashboard.activeSubtitle')}>
      <CardList
        items={projects}
        empty={t('dashboard.activeEmpty')}
        placeholderHeight={120}
        component="ol"
        gap="xs"
      >
        {(project) => (
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
              {t('dashboard.changeCount', { count: project.activity })}
            </Text>
          </Group>
        )}
      </CardList>
    </DashboardCard>
  );
}
