import type { ProjectView } from '@figgle/shared/project-schemas';
import { Badge, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { t } from '../../../lib/i18n/i18n';
import { relativeTime } from '../../../lib/relative-time';
import { projectPath } from '../../../shared/paths';
import { Icon } from '../../../ui/icon/icon';
import { ProjectEmoji } from '../../../ui/project-emoji';
import { FavoriteStar } from './favorite-star';
import classes from './projects.module.css';

export interface ProjectCardsProps {
  projects: ProjectView[] | undefined;
  loading: boolean;
}

export function ProjectCards({ projects, loading }: ProjectCardsProps) {
  if (loading || !projects || projects.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="xl" size="sm">
        {loading ? t('messages.tableLoading') : t('messages.tableEmpty')}
      </Text>
    );
  }
  return (
    <SimpleGrid
      cols={{ base: 1, xs: 2, lg: 3 }}
      spacing="md"
      component="ul"
      aria-label={t('projects.projectsLabel')}
      className={classes.cardList}
    >
      {projects.map((project) => (
        <li key={project.project_id}>
          <ProjectCard project={project} />
        </li>
      ))}
    </SimpleGrid>
  );
}

function ProjectCard({ project }: { project: ProjectView }) {
  return (
    <Card withBorder radius="lg" padding="lg" className={classes.card}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Group gap="sm" wrap="nowrap" miw={0}>
          <ProjectEmoji emoji={project.emoji} size="lg" />
          <Stack gap={4} miw={0}>
            <Text
              component={Link}
              to={projectPath(project)}
              fw={650}
              size="md"
              truncate
              className={classes.cardLink}
            >
              {project.name}
            </Text>
            <Badge variant="light" radius="sm" size="sm" ff="monospace" w="fit-content">
              {project.trigram}
            </Badge>
          </Stack>
        </Group>
        <FavoriteStar
          projectId={project.project_id}
          projectName={project.name}
          bookmarked={project.is_bookmarked}
        />
      </Group>
      <Text size="sm" c="dimmed" mt="md" lineClamp={2} mih={40}>
        {project.description}
      </Text>
      <Group justify="space-between" mt="md" gap="xs" wrap="nowrap" className={classes.cardFooter}>
        <Group gap={6} wrap="nowrap" miw={0}>
          <Icon name="task" size={15} />
          <Text size="xs" fw={500} style={{ whiteSpace: 'nowrap' }}>
            {t('common.taskCount', { count: project.task_count })}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            · {project.organization.name}
          </Text>
        </Group>
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {relativeTime(project.created_at)}
        </Text>
      </Group>
    </Card>
  );
}
