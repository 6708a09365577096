import type { ProjectView } from '@figgle/shared/project-schemas';
import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { t } from '../../../lib/i18n/i18n';
import { ProjectEmoji } from '../../../ui/project-emoji';

export interface ProjectHeaderProps {
  project: ProjectView;
  actions: ReactNode;
}

/** The project page's header: emoji, name, trigram tag and organization tag, then the actions. */
export function ProjectHeader({ project, actions }: ProjectHeaderProps) {
  return (
    <Group justify="space-between" align="flex-start" wrap="wrap" gap="md" mb="xl">
      <Group gap="md" wrap="nowrap" miw={0}>
        <ProjectEmoji emoji={project.emoji} size="lg" />
        <Stack gap={6} miw={0}>
          <Title
            order={1}
            fz={26}
            fw={650}
            lh={1.2}
            style={{ letterSpacing: '-0.015em', overflowWrap: 'anywhere' }}
          >
            {project.name}
          </Title>
          <Group gap={6}>
            <Badge
              variant="light"
              radius="sm"
              ff="monospace"
              aria-label={t('tasks.trigramLabel', { trigram: project.trigram })}
            >
              {project.trigram}
            </Badge>
            <Badge
              variant="outline"
              color="gray"
              c="dimmed"
              radius="sm"
              tt="none"
              fw={500}
              aria-label={t('tasks.organizationLabel', { name: project.organization.name })}
            >
              {project.organization.name}
            </Badge>
          </Group>
          {project.description ? (
            <Text size="sm" c="dimmed" maw={640} lineClamp={2}>
              {project.description}
            </Text>
          ) : null}
        </Stack>
      </Group>
      <Group gap="xs">{actions}</Group>
    </Group>
  );
}
