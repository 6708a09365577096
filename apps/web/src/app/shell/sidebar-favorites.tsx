import type { DefaultView } from '@figgle/shared/emoji';
import { Group, Stack, Text } from '@mantine/core';
import { ProjectEmoji } from '../../ui/project-emoji';
import { paths } from '../paths';
import { SidebarLink } from './sidebar-link';
import { SidebarSection } from './sidebar-section';

export interface FavoriteProject {
  id: string;
  name: string;
  trigram: string;
  emoji: string;
  defaultView: DefaultView;
}

export interface SidebarFavoritesProps {
  favorites: FavoriteProject[];
  onNavigate?: () => void;
}

export function SidebarFavorites({ favorites, onNavigate }: SidebarFavoritesProps) {
  return (
    <SidebarSection label="Favorites">
      {favorites.length === 0 ? (
        <Text size="xs" c="dimmed" px={8} py={4} lh={1.5}>
          Bookmark a project to pin it here.
        </Text>
      ) : (
        <Stack gap={2} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {favorites.map((project) => (
            <li key={project.id}>
              <SidebarLink
                to={
                  project.defaultView === 'KANBAN'
                    ? paths.projectKanban(project.id)
                    : paths.projectList(project.id)
                }
                alsoActiveOn={[paths.projectList(project.id), paths.projectKanban(project.id)]}
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
