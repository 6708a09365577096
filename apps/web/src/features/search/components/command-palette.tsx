import { Loader, Modal, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { Spotlight } from '@mantine/spotlight';
import { IconSearch } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { t } from '../../../lib/i18n/i18n';
import { useProjects } from '../../../shared/api/list-projects';
import { currentProjectId } from '../../../shared/current-project';
import { usePaletteSearch } from '../api/search';
import { paletteIcon } from './palette-action';
import { usePaletteActions } from './palette-actions';
import { listedCount, listedKey, paletteListing } from './palette-listing';
import { PaletteResults } from './palette-results';
import { clearSelection, openSelectedEntry, selectFirstEntry } from './palette-selection';
import { paletteOpenedFor, paletteStore } from './palette-store';
import classes from './search.module.css';

/**
 * Short: each keystroke's results should show within 150 ms (bench/search-palette.ts), and a search
 * answers in a few ms; this only spares the server the middle of a fast burst of typing.
 */
const TYPING_PAUSE_MS = 30;
const LIST_ID = 'figgle-command-palette-results';

export interface CommandPaletteProps {
  /** Switches between light and dark and keeps the choice with the account. */
  onToggleColorScheme: () => void;
}

/**
 * Ctrl+K / ⌘K (docs/product.md#search-and-shortcuts): tasks, projects and people found as one types,
 * then the app's actions; Enter opens the first entry; "See all results" leads to the search page.
 */
export function CommandPalette({ onToggleColorScheme }: CommandPaletteProps) {
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
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

  const actions = usePaletteActions({
    contextProjectId,
    contextProjectName: projects.data?.find((project) => project.project_id === contextProjectId)?.name,
    chooseProject: () => {
      setChoosingProject(true);
      setQuery('');
    },
    onToggleColorScheme,
  });
  const listing = paletteListing({ answer, actions, projects: projects.data, choosingProject, typed });
  const count = listedCount(listing);

  // After each change of what is listed, the first entry is selected; an Enter pressed before the
  // results of what was typed arrived opens it now.
  const listed = listedKey(listing, settled);
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
        <Modal.Title>{t('search.commandPalette')}</Modal.Title>
      </VisuallyHidden>
      <Spotlight.Search
        aria-label={choosingProject ? t('search.projectOfNewTask') : t('search.title')}
        placeholder={choosingProject ? t('search.createTaskInWhich') : t('search.palettePlaceholder')}
        leftSection={paletteIcon(IconSearch)}
        rightSection={settled ? null : <Loader size="xs" aria-label={t('search.searching')} />}
        onKeyDown={onSearchKeyDown}
      />
      <Spotlight.ActionsList
        id={LIST_ID}
        className={classes.list}
        data-results-for={settled ? typed : undefined}
      >
        <PaletteResults
          listing={listing}
          typed={typed}
          nothing={settled && count === 0}
          searchFailed={results.isError}
        />
      </Spotlight.ActionsList>
    </Spotlight.Root>
  );
}
