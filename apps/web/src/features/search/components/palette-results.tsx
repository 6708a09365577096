import { Text } from '@mantine/core';
import { Spotlight } from '@mantine/spotlight';
import { IconArrowRight } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { t } from '../../../lib/i18n/i18n';
import { projectAddress, useStartNewTask } from '../../../shared/current-project';
import { paths, searchPath } from '../../../shared/paths';
import { ProjectEmoji } from '../../../ui/project-emoji';
import { MarkedText } from './marked-text';
import { paletteIcon } from './palette-action';
import { CommentEntry, EntryLayout, PersonEntry, ProjectEntry, TaskEntry } from './palette-entries';
import type { PaletteListing } from './palette-listing';

/** Groups with no entry are not drawn. */
function Group({ label, count, children }: { label: string; count: number; children: ReactNode }) {
  if (count === 0) return null;
  return (
    <Spotlight.ActionsGroup label={label} role="group" aria-label={label}>
      {children}
    </Spotlight.ActionsGroup>
  );
}

/** The palette's result groups in their order: found tasks to actions, then the way to all results. */
export function PaletteResults({
  listing,
  typed,
  nothing,
  searchFailed,
}: {
  listing: PaletteListing;
  /** What was typed, trimmed: "See all results" shows while it is not empty. */
  typed: string;
  nothing: boolean;
  searchFailed: boolean;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const startNewTask = useStartNewTask();
  const go = (to: string) => () => navigate(to);
  const { tasks, comments, projects, people, actions, newTaskProjects } = listing;
  const searching = newTaskProjects === null && typed !== '';
  return (
    <>
      <Group label={t('search.tasks')} count={tasks.length}>
        {tasks.map((hit) => (
          <TaskEntry key={hit.task_id} hit={hit} onOpen={go(paths.task(hit.task_id))} />
        ))}
      </Group>
      <Group label={t('search.comments')} count={comments.length}>
        {comments.map((hit) => (
          <CommentEntry key={hit.comment_id} hit={hit} onOpen={go(paths.task(hit.task_id))} />
        ))}
      </Group>
      <Group label={t('search.projects')} count={projects.length}>
        {projects.map((hit) => (
          <ProjectEntry
            key={hit.project_id}
            hit={hit}
            onOpen={go(projectAddress(queryClient, hit.project_id))}
          />
        ))}
      </Group>
      <Group label={t('search.people')} count={people.length}>
        {people.map((hit) => (
          <PersonEntry
            key={hit.user_id}
            hit={hit}
            onOpen={go(searchPath(`${hit.firstname} ${hit.lastname}`.trim()))}
          />
        ))}
      </Group>
      <Group label={t('search.actions')} count={actions.length}>
        {actions.map(({ action, label }) => (
          <Spotlight.Action key={action.id} onClick={action.run} closeSpotlightOnTrigger={!action.keepsOpen}>
            <EntryLayout leftSection={action.icon}>
              <Text span display="block" size="sm">
                <MarkedText value={label} />
              </Text>
              {action.description ? (
                <Text span display="block" size="xs" c="dimmed">
                  {action.description}
                </Text>
              ) : null}
            </EntryLayout>
          </Spotlight.Action>
        ))}
      </Group>
      {newTaskProjects ? (
        <Spotlight.ActionsGroup
          label={t('search.createTaskIn')}
          role="group"
          aria-label={t('search.createTaskIn')}
        >
          {newTaskProjects.map(({ project, name }) => (
            <Spotlight.Action key={project.project_id} onClick={() => startNewTask(project.project_id)}>
              <EntryLayout
                leftSection={<ProjectEmoji emoji={project.emoji} size="sm" />}
                rightSection={project.organization.name}
              >
                <Text span display="block" size="sm" truncate>
                  <MarkedText value={name} />{' '}
                  <Text span size="xs" c="dimmed" ff="monospace">
                    {project.trigram}
                  </Text>
                </Text>
              </EntryLayout>
            </Spotlight.Action>
          ))}
        </Spotlight.ActionsGroup>
      ) : null}
      {nothing ? (
        <Spotlight.Empty>
          {newTaskProjects ? t('search.noProjectNamed') : t('search.nothingFound', { q: typed })}
        </Spotlight.Empty>
      ) : null}
      {searching ? (
        <Spotlight.ActionsGroup label={t('search.title')} role="group" aria-label={t('search.title')}>
          <Spotlight.Action onClick={go(searchPath(typed))}>
            <EntryLayout leftSection={paletteIcon(IconArrowRight)}>
              <Text span size="sm">
                {t('search.seeAllResults', { q: typed })}
              </Text>
            </EntryLayout>
          </Spotlight.Action>
        </Spotlight.ActionsGroup>
      ) : null}
      {searchFailed && searching ? (
        <Text size="sm" c="dimmed" px="md" py="xs" role="status">
          {t('search.searchUnavailable')}
        </Text>
      ) : null}
    </>
  );
}
