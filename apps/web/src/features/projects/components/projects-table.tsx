import type { ProjectView } from '@figgle/shared/project-schemas';
import { Paper, Table, Text } from '@mantine/core';
import { memo, type ReactNode } from 'react';
import { Link, type NavigateFunction, useNavigate } from 'react-router';
import { intlLocale, t } from '../../../lib/i18n/i18n';
import { projectPath } from '../../../shared/paths';
import { ProjectEmoji } from '../../../ui/project-emoji';
import { FavoriteStar } from './favorite-star';
import classes from './projects.module.css';

// Made on first use, after the catalogue is in place: a change of language reloads the page.
let dateFormat: Intl.DateTimeFormat | null = null;
function formatDate(date: string): string {
  dateFormat ??= new Intl.DateTimeFormat(intlLocale(), { dateStyle: 'medium' });
  return dateFormat.format(new Date(date));
}

export interface ProjectsTableProps {
  projects: ProjectView[] | undefined;
  loading: boolean;
}

/**
 * One project's row. Plain cells styled by the table's own variables: fifty rows of Mantine components
 * (badge, group, texts per cell) would be most of the page's first render. Memoized: a star pressed,
 * or a project changed live, renders its own row and not the fifty (the list keeps the objects of the
 * projects that did not change), so the star shows a press at once.
 */
const ProjectRow = memo(function ProjectRow({
  project,
  onOpen,
}: {
  project: ProjectView;
  onOpen: NavigateFunction;
}) {
  return (
    <tr
      className={classes.row}
      onClick={(event) => {
        if ((event.target as HTMLElement).closest('a, button')) return;
        onOpen(projectPath(project));
      }}
    >
      <td>
        <span className={classes.trigram}>{project.trigram}</span>
      </td>
      <td>
        <span className={classes.nameCell}>
          <ProjectEmoji emoji={project.emoji} size="sm" />
          <Link to={projectPath(project)} className={`mantine-focus-auto ${classes.name}`}>
            {project.name}
          </Link>
        </span>
      </td>
      <td className={classes.description}>
        <span>{project.description}</span>
      </td>
      <td>{project.task_count}</td>
      <td>{project.organization.name}</td>
      <td>
        <span className={classes.favorite}>
          <FavoriteStar
            projectId={project.project_id}
            projectName={project.name}
            bookmarked={project.is_bookmarked}
            size="sm"
          />
          {project.is_bookmarked ? t('projects.yes') : t('projects.no')}
        </span>
      </td>
      <td className={classes.dimmed}>{formatDate(project.created_at)}</td>
    </tr>
  );
});

/**
 * The same element on every render, so a change of the projects leaves the header as it is. Made on
 * first render, not at module level: the catalogue is loaded after the modules.
 */
let tableHeadElement: ReactNode = null;
function tableHead(): ReactNode {
  tableHeadElement ??= (
    <Table.Thead>
      <Table.Tr>
        <Table.Th w={90}>{t('projects.trigram')}</Table.Th>
        <Table.Th>{t('projects.name')}</Table.Th>
        <Table.Th>{t('projects.description')}</Table.Th>
        <Table.Th w={70}>{t('projects.columnTasks')}</Table.Th>
        <Table.Th>{t('projects.organization')}</Table.Th>
        <Table.Th w={110}>{t('projects.columnFavorite')}</Table.Th>
        <Table.Th w={130}>{t('projects.columnCreatedAt')}</Table.Th>
      </Table.Tr>
    </Table.Thead>
  );
  return tableHeadElement;
}

export function ProjectsTable({ projects, loading }: ProjectsTableProps) {
  const navigate = useNavigate();
  return (
    <Paper withBorder radius="md" className={classes.tableFrame}>
      <Table.ScrollContainer minWidth={760}>
        <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover className={classes.table}>
          {tableHead()}
          <Table.Tbody>
            {loading || !projects || projects.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={7}>
                  <Text c="dimmed" ta="center" py="lg" size="sm">
                    {loading ? t('messages.tableLoading') : t('messages.tableEmpty')}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              projects.map((project) => (
                <ProjectRow key={project.project_id} project={project} onOpen={navigate} />
              ))
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
