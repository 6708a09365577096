import { MESSAGES } from '@figgle/shared/constants';
import type { ProjectView } from '@figgle/shared/project-schemas';
import { Anchor, Badge, Group, Paper, Table, Text } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { ProjectEmoji } from '../../../ui/project-emoji';
import { FavoriteStar } from './favorite-star';
import { projectPath } from './project-link';
import classes from './projects.module.css';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

export interface ProjectsTableProps {
  projects: ProjectView[] | undefined;
  loading: boolean;
}

export function ProjectsTable({ projects, loading }: ProjectsTableProps) {
  const navigate = useNavigate();
  return (
    <Paper withBorder radius="md" className={classes.tableFrame}>
      <Table.ScrollContainer minWidth={760}>
        <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover className={classes.table}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={90}>Trigram</Table.Th>
              <Table.Th>Name</Table.Th>
              <Table.Th>Description</Table.Th>
              <Table.Th w={70}>Tasks</Table.Th>
              <Table.Th>Organization</Table.Th>
              <Table.Th w={110}>Favorite</Table.Th>
              <Table.Th w={130}>Created at</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {loading || !projects || projects.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={7}>
                  <Text c="dimmed" ta="center" py="lg" size="sm">
                    {loading ? MESSAGES.tableLoading : MESSAGES.tableEmpty}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              projects.map((project) => (
                <Table.Tr
                  key={project.project_id}
                  className={classes.row}
                  onClick={(event) => {
                    if ((event.target as HTMLElement).closest('a, button')) return;
                    navigate(projectPath(project));
                  }}
                >
                  <Table.Td>
                    <Badge variant="light" radius="sm" ff="monospace">
                      {project.trigram}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <ProjectEmoji emoji={project.emoji} size="sm" />
                      <Anchor component={Link} to={projectPath(project)} fw={600} c="inherit" size="sm">
                        {project.name}
                      </Anchor>
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" c="dimmed" lineClamp={1}>
                      {project.description}
                    </Text>
                  </Table.Td>
                  <Table.Td>{project.task_count}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{project.organization.name}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <FavoriteStar
                        projectId={project.project_id}
                        projectName={project.name}
                        bookmarked={project.is_bookmarked}
                        size="sm"
                      />
                      <Text size="sm">{project.is_bookmarked ? 'Yes' : 'No'}</Text>
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" c="dimmed">
                      {dateFormat.format(new Date(project.created_at))}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
