import type { FigmaProjectTag } from '@figgle/shared/figma-schemas';
import { Anchor, Badge, Group } from '@mantine/core';
import { Link } from 'react-router';
import { t } from '../../../lib/i18n/i18n';
import { paths } from '../../../shared/paths';
import { ProjectEmoji } from '../../../ui/project-emoji';

/** The project the event's file is linked to (a link to it), or a plain 'No project' tag. */
export function ProjectTag({ project }: { project: FigmaProjectTag | null }) {
  if (!project) {
    return (
      <Badge variant="outline" color="gray" radius="sm" tt="none" fw={500}>
        {t('figma-radar.noProject')}
      </Badge>
    );
  }
  return (
    <Anchor component={Link} to={paths.projectList(project.project_id)} underline="never">
      <Badge
        variant="light"
        color="gray"
        radius="sm"
        tt="none"
        fw={600}
        leftSection={<ProjectEmoji emoji={project.emoji} size="xs" />}
        styles={{ root: { cursor: 'pointer', paddingLeft: 2 } }}
      >
        <Group gap={4} wrap="nowrap" component="span">
          {project.name}
        </Group>
      </Badge>
    </Anchor>
  );
}
