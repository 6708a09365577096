import type { CommentHit, PersonHit, ProjectHit, TaskHit } from '@figgle/shared/search-schemas';
import { Loader, Modal, Text, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { Spotlight } from '@mantine/spotlight';
import {
  IconArrowRight,
  IconFolder,
  IconInbox,
  IconLayoutDashboard,
  IconListCheck,
  IconMoon,
  IconPlus,
  IconRadar2,
  IconSearch,
  IconSettings,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useProjects } from '../../../shared/api/list-projects';
import { currentProjectId, projectAddress, useStartNewTask } from '../../../shared/current-project';
import { paths, searchPath } from '../../../shared/paths';
import { ProjectEmoji } from '../../../ui/project-emoji';
import { UserAvatar } from '../../../ui/user-avatar';
import { usePaletteSearch } from '../api/search';
import { MarkedText } from './marked-text';
import { matchEntry } from './palette-match';
import { clearSelection, openSelectedEntry, selectFirstEntry } from './palette-selection';
import { paletteOpenedFor, paletteStore } from './palette-store';
import classes from './search.module.css';
import { useTaskPaletteActions } from './task-palette-actions';

/**
 * Short: each keystroke's results should show within 150 ms (bench/search-palette.ts), and a search
 * answers in a few ms; this only spares the server the middle of a fast burst of typing.
 */
const TYPING_PAUSE_MS = 30;
const LIST_ID = 'figgle-command-palette-results';
/** Comments, projects, people and actions shown at most while typing (tasks: the search's own limit). */
const SHORT_GROUP = 4;

export interface CommandPaletteProps {
  /** Switches between light and dark and keeps the choice with the account. */
  onToggleColorScheme: () => void;
}

interface PaletteEntry {
  id: string;
  label: string;
  description?: string;
  keywords: readonly string[];
  icon: ReactNode;
  run: () => void;
  /** The entry leads to another step of the palette instead of closing it. */
  keepsOpen?: boolean;
}

const icon = (Drawn: typeof IconSearch) => <Drawn size={18} stroke={1.8} aria-hidden />;

/**
 * Ctrl+K / ⌘K (docs/product.md#search-and-shortcuts): tasks, projects and people found as one types,
 * then the app's actions; Enter opens the first entry; "See all results" leads to the search page.
 */
export function CommandPalette({ onToggleColorScheme }: CommandPaletteProps) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const startNewTask = useStartNewTask();
  const projects = useProjects();
  const [query, setQuery] = useState('');
  const [openedAt, setOpenedAt] = useState(() => Date.now());
  const [choosingProject, setChoosingProject] = useState(() => paletteOpenedFor() === 'create-task');
  const typed = query.trim();
  const [debounced] = useDebouncedValue(typed, TYPING_PAUSE_MS);
  const contextProjectId = currentProjectId(pathname, queryClient);
  const searching = !choosingProject && typed !== '';
  const results = usePaletteSearch(choosingProject ? '' : debounced, contextProjectId);
  // An answer kept from an earlier opening shows while it is read again, but is not taken for the
  // answer: it may lack what one wrote since (one's new comment would get "Nothing found" while the
  // kept answer was under 10 s old, and Enter would open what the old answer listed first).
  const fresh = results.data?.q === typed && !results.isPlaceholderData && results.dataUpdatedAt >= openedAt;
  // What is shown answers what was typed (or failed to): Enter may open its first entry.
  const settled = !searching || fresh || (results.isError && debounced === typed);
  const answer = searching ? results.data?.answer : undefined;
  const pendingEnter = useRef(false);

  const currentProject = projects.data?.find((project) => project.project_id === contextProjectId);
  const go = (to: string) => () => navigate(to);
  const taskActions = useTaskPaletteActions();
  const actions: PaletteEntry[] = [
    ...taskActions,
    {
      id: 'create-task',
      label: 'Create a task',
      description: contextProjectId ? `In ${currentProject?.name ?? 'this project'}` : 'Choose a project',
      keywords: ['new', 'add', 'task'],
      icon: icon(IconPlus),
      run: () => {
        if (contextProjectId) startNewTask(contextProjectId);
        else {
          setChoosingProject(true);
          setQuery('');
        }
      },
      keepsOpen: !contextProjectId,
    },
    {
      id: 'inbox',
      label: 'Go to Inbox',
      keywords: ['activity', 'notifications'],
      icon: icon(IconInbox),
      run: go(paths.inbox),
    },
    {
      id: 'my-tasks',
      label: 'Go to My tasks',
      keywords: ['assigned', 'mine'],
      icon: icon(IconListCheck),
      run: go(paths.myTasks),
    },
    {
      id: 'projects',
      label: 'Go to Projects',
      keywords: [],
      icon: icon(IconFolder),
      run: go(paths.projects),
    },
    {
      id: 'dashboard',
      label: 'Go to Dashboard',
      keywords: ['overview', 'statistics'],
      icon: icon(IconLayoutDashboard),
      run: go(paths.dashboard),
    },
    {
      id: 'figma-radar',
      label: 'Go to Figma Radar',
      keywords: ['comments', 'design'],
      icon: icon(IconRadar2),
      run: go(paths.figmaRadar),
    },
    {
      id: 'dark-mode',
      label: 'Toggle dark mode',
      keywords: ['light', 'theme', 'colour', 'color', 'scheme', 'night'],
      icon: icon(IconMoon),
      run: onToggleColorScheme,
    },
    {
      id: 'settings',
      label: 'Open settings',
      keywords: ['preferences', 'profile', 'account', 'password', 'organization'],
      icon: icon(IconSettings),
      run: go(paths.settings),
    },
  ];
  const shownActions = choosingProject
    ? []
    : actions.flatMap((action) => {
        const label = matchEntry(action.label, action.keywords, typed);
        return label ? [{ action, label }] : [];
      });
  const shownProjects = choosingProject
    ? (projects.data ?? []).flatMap((project) => {
        const name = matchEntry(project.name, [project.trigram, project.organization.name], typed);
        return name ? [{ project, name }] : [];
      })
    : [];

  const tasks = answer?.tasks.items ?? [];
  const comments = (answer?.comments.items ?? []).slice(0, SHORT_GROUP);
  const foundProjects = (answer?.projects.items ?? []).slice(0, SHORT_GROUP);
  const people = (answer?.people.items ?? []).slice(0, SHORT_GROUP);
  const nothing =
    settled &&
    tasks.length +
      comments.length +
      foundProjects.length +
      people.length +
      shownActions.length +
      shownProjects.length ===
      0;

  // After each change of what is listed, the first entry is selected; an Enter pressed before the
  // results of what was typed arrived opens it now.
  const listed = [
    choosingProject,
    settled,
    ...tasks.map((hit) => hit.task_id),
    ...comments.map((hit) => hit.comment_id),
    ...foundProjects.map((hit) => hit.project_id),
    ...people.map((hit) => hit.user_id),
    ...shownActions.map((shown) => shown.action.id),
    ...shownProjects.map((shown) => shown.project.project_id),
  ].join(' ');
  const selectedFor = useRef('');
  useEffect(() => {
    if (selectedFor.current === listed) return;
    selectedFor.current = listed;
    selectFirstEntry(LIST_ID, paletteStore);
    if (settled && pendingEnter.current) {
      pendingEnter.current = false;
      openSelectedEntry(LIST_ID);
    }
  });

  function onSearchKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing || settled) return;
    // The results of what was typed are on their way: their first entry opens when they show.
    clearSelection(LIST_ID, paletteStore);
    pendingEnter.current = true;
  }

  return (
    <Spotlight.Root
      store={paletteStore}
      query={query}
      onQueryChange={setQuery}
      shortcut={null}
      scrollable
      maxHeight={480}
      onSpotlightOpen={() => {
        setOpenedAt(Date.now());
        // Opened again before its closing transition ended, it would still hold the last text.
        setQuery('');
        setChoosingProject(paletteOpenedFor() === 'create-task');
      }}
      onSpotlightClose={() => {
        pendingEnter.current = false;
        // Cleared on closing too: a palette closed by a result that navigates was seen in CI to open
        // again still holding its last text, so the next word typed was added to it.
        setQuery('');
      }}
    >
      <VisuallyHidden>
        <Modal.Title>Command palette</Modal.Title>
      </VisuallyHidden>
      <Spotlight.Search
        aria-label={choosingProject ? 'Project of the new task' : 'Search'}
        placeholder={
          choosingProject ? 'Create a task in which project?' : 'Search tasks, projects, people and actions'
        }
        leftSection={icon(IconSearch)}
        rightSection={settled ? null : <Loader size="xs" aria-label="Searching" />}
        onKeyDown={onSearchKeyDown}
      />
      <Spotlight.ActionsList
        id={LIST_ID}
        className={classes.list}
        data-results-for={settled ? typed : undefined}
      >
        {tasks.length > 0 ? (
          <Spotlight.ActionsGroup label="Tasks" role="group" aria-label="Tasks">
            {tasks.map((hit) => (
              <TaskEntry key={hit.task_id} hit={hit} onOpen={go(paths.task(hit.task_id))} />
            ))}
          </Spotlight.ActionsGroup>
        ) : null}
        {comments.length > 0 ? (
          <Spotlight.ActionsGroup label="Comments" role="group" aria-label="Comments">
            {comments.map((hit) => (
              <CommentEntry key={hit.comment_id} hit={hit} onOpen={go(paths.task(hit.task_id))} />
            ))}
          </Spotlight.ActionsGroup>
        ) : null}
        {foundProjects.length > 0 ? (
          <Spotlight.ActionsGroup label="Projects" role="group" aria-label="Projects">
            {foundProjects.map((hit) => (
              <ProjectEntry
                key={hit.project_id}
                hit={hit}
                onOpen={go(projectAddress(queryClient, hit.project_id))}
              />
            ))}
          </Spotlight.ActionsGroup>
        ) : null}
        {people.length > 0 ? (
          <Spotlight.ActionsGroup label="People" role="group" aria-label="People">
            {people.map((hit) => (
              <PersonEntry
                key={hit.user_id}
                hit={hit}
                onOpen={go(searchPath(`${hit.firstname} ${hit.lastname}`.trim()))}
              />
            ))}
          </Spotlight.ActionsGroup>
        ) : null}
        {shownActions.length > 0 ? (
          <Spotlight.ActionsGroup label="Actions" role="group" aria-label="Actions">
            {shownActions.map(({ action, label }) => (
              <Spotlight.Action
                key={action.id}
                onClick={action.run}
                closeSpotlightOnTrigger={!action.keepsOpen}
              >
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
          </Spotlight.ActionsGroup>
        ) : null}
        {choosingProject ? (
          <Spotlight.ActionsGroup label="Create a task in" role="group" aria-label="Create a task in">
            {shownProjects.map(({ project, name }) => (
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
            {choosingProject ? 'No project has that name.' : `Nothing found for “${typed}”.`}
          </Spotlight.Empty>
        ) : null}
        {searching ? (
          <Spotlight.ActionsGroup label="Search" role="group" aria-label="Search">
            <Spotlight.Action onClick={go(searchPath(typed))}>
              <EntryLayout leftSection={icon(IconArrowRight)}>
                <Text span size="sm">
                  See all results for “{typed}”
                </Text>
              </EntryLayout>
            </Spotlight.Action>
          </Spotlight.ActionsGroup>
        ) : null}
        {results.isError && searching ? (
          <Text size="sm" c="dimmed" px="md" py="xs" role="status">
            Search is not available right now; the actions still work.
          </Text>
        ) : null}
      </Spotlight.ActionsList>
    </Spotlight.Root>
  );
}

/** An entry's line: an icon or reference, the text, and a dimmed note on the right (spans: it sits in a button). */
function EntryLayout({
  leftSection,
  leftWidth = 28,
  rightSection,
  children,
}: {
  leftSection?: ReactNode;
  leftWidth?: number;
  rightSection?: ReactNode;
  children: ReactNode;
}) {
  return (
    <span className={classes.entry}>
      {leftSection ? (
        <span className={classes.entrySide} style={{ width: leftWidth }}>
          {leftSection}
        </span>
      ) : null}
      <span className={classes.entryBody}>{children}</span>
      {rightSection ? (
        <Text
          span
          size="xs"
          c="dimmed"
          truncate
          maw={160}
          className={classes.entryNote}
          style={{ flexShrink: 0 }}
        >
          {rightSection}
        </Text>
      ) : null}
    </span>
  );
}

function TaskEntry({ hit, onOpen }: { hit: TaskHit; onOpen: () => void }) {
  return (
    <Spotlight.Action onClick={onOpen}>
      <EntryLayout
        leftSection={
          <Text span size="xs" c="dimmed" ff="monospace">
            {hit.reference}
          </Text>
        }
        leftWidth={64}
        rightSection={hit.project_name}
      >
        <Text span display="block" size="sm" truncate>
          <MarkedText value={hit.title} />
        </Text>
        {hit.snippet ? (
          <Text span display="block" size="xs" c="dimmed" truncate>
            <MarkedText value={hit.snippet} />
          </Text>
        ) : null}
      </EntryLayout>
    </Spotlight.Action>
  );
}

/** A comment found: its task's reference and title, and the comment's matching words in context. */
function CommentEntry({ hit, onOpen }: { hit: CommentHit; onOpen: () => void }) {
  const author = hit.author ? `${hit.author.firstname} ${hit.author.lastname}`.trim() : 'Figma';
  return (
    <Spotlight.Action onClick={onOpen}>
      <EntryLayout
        leftSection={
          <Text span size="xs" c="dimmed" ff="monospace">
            {hit.task_reference}
          </Text>
        }
        leftWidth={64}
        rightSection={author}
      >
        <Text span display="block" size="sm" truncate>
          {hit.task_title}
        </Text>
        <Text span display="block" size="xs" c="dimmed" truncate>
          <MarkedText value={hit.snippet} />
        </Text>
      </EntryLayout>
    </Spotlight.Action>
  );
}

function ProjectEntry({ hit, onOpen }: { hit: ProjectHit; onOpen: () => void }) {
  return (
    <Spotlight.Action onClick={onOpen}>
      <EntryLayout
        leftSection={<ProjectEmoji emoji={hit.emoji} size="sm" />}
        rightSection={hit.organization_name}
      >
        <Text span display="block" size="sm" truncate>
          <MarkedText value={hit.name} />{' '}
          <Text span size="xs" c="dimmed" ff="monospace">
            {hit.code}
          </Text>
        </Text>
      </EntryLayout>
    </Spotlight.Action>
  );
}

function PersonEntry({ hit, onOpen }: { hit: PersonHit; onOpen: () => void }) {
  return (
    <Spotlight.Action onClick={onOpen}>
      <EntryLayout
        leftSection={
          <UserAvatar id={hit.user_id} firstname={hit.firstname} lastname={hit.lastname} size={24} />
        }
        rightSection={hit.email}
      >
        <Text span display="block" size="sm" truncate>
          <MarkedText value={hit.name} />
        </Text>
      </EntryLayout>
    </Spotlight.Action>
  );
}
