import { Group, Stack, Text } from '@mantine/core';
import { t } from '../../lib/i18n/i18n';
import { useProjects } from '../../shared/api/list-projects';
import { paths, projectPath } from '../../shared/paths';
import { ProjectEmoji } from '../../ui/project-emoji';
import { SidebarLink } from './sidebar-link';
import { SidebarSection } from './sidebar-section';

export interface SidebarFavoritesProps {
  onNavigate?: () => void;
}

/** The signed-in user's bookmarked projects, from the same cache as the projects screen. */
export function SidebarFavorites({ onNavigate }: SidebarFavoritesProps) {
  const projects = useProjects();
  const favorites = (projects.data ?? []).filter((project) => project.is_bookmarked);
  return (
    <SidebarSection label={t('app.favorites')}>
      {favorites.length === 0 ? (
        <Text size="xs" c="dimmed" px={8} py={4} lh={1.5}>
          {projects.isPending ? t('messages.tableLoading') : t('app.starToPin')}
        </Text>
      ) : (
        <Stack gap={2} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {favorites.map((project) => (
            <li key={project.project_id}>
              <SidebarLink
                to={projectPath(project)}
                alsoActiveOn={[
                  paths.projectList(project.project_id),
                  paths.projectKanban(project.project_id),
                ]}
                leftSection={<ProjectEmoji emoji={project.emoji} size="xs" />}
                label={
                  <Group gap={6} wrap="nowrap" justify="space-between">
                    <Text size="sm" fw={500} truncate>
                      {project.name}
                    </Text>
                    <Text size="xs" c="dimmed" ff="monospace">
                      #{project.trigram}
                    </Text>
                  </Group>
                }
                onNavigate={onNavigate}
              />
            </li>
          ))}
        </Stack>
      )}
    </SidebarSection>
  );
}
