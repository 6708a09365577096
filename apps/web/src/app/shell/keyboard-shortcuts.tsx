import { useDisclosure } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { openPalette, palette, paletteStore } from '../../features/search/components/palette-store';
import {
  currentProjectId,
  projectAddress,
  taskOnScreen,
  useStartNewTask,
} from '../../shared/current-project';
import { paths } from '../../shared/paths';
import { isPaletteShortcut, isTypingTarget } from '../../shared/shortcuts';
import { ShortcutsDialog } from './shortcuts-dialog';

/** The second key after "g", and where it leads. */
const GO_TO: Record<string, string> = { i: paths.inbox, m: paths.myTasks, p: paths.projects };
/** How long "g" waits for its second key. */
const SEQUENCE_MS = 1500;

/** A dialog, menu, list, toolbar or popover (Mantine's carry data-position) takes the keys typed in it. */
const OVERLAY = '[role="dialog"], [role="menu"], [role="listbox"], [role="toolbar"], [data-position]';

function isInOverlay(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest(OVERLAY) !== null;
}

/** A picker's own field (a Mantine select or multi-select): a key in it may be typing, Esc is not. */
const PICKER_FIELD = 'input[aria-haspopup="listbox"]';

/** An open picker: a select whose list shows, or a date field's calendar (mounted only while open). */
const OPEN_PICKER = '[aria-haspopup="listbox"][aria-expanded="true"], [data-dates-dropdown]';

/** Whether a picker's list or calendar is open: Esc then closes it, and only it. */
function pickerOpen(): boolean {
  return document.querySelector(OPEN_PICKER) !== null;
}

/**
 * The app-wide shortcuts (shared/shortcuts.ts lists them): Ctrl+K / ⌘K everywhere; c, /, g i, g m,
 * g p, ? and Esc only when the person is not typing in a field or the editor and no dialog is open
 * (Esc in a picker closes its list first, then the task).
 * Renders the "?" dialog. j, k and Enter belong to the task list and My tasks.
 */
export function KeyboardShortcuts() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const startNewTask = useStartNewTask();
  const [helpOpened, help] = useDisclosure(false);
  // Read by the one listener, so it is not added again on each navigation.
  const latest = useRef({ navigate, pathname, queryClient, startNewTask, openHelp: help.open });
  latest.current = { navigate, pathname, queryClient, startNewTask, openHelp: help.open };

  useEffect(() => {
    let goToSince = 0;
    // Read before the picker hears the key: by the time it reaches the page, the list is closed.
    let escapeClosesPicker = false;
    function beforeKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape') escapeClosesPicker = pickerOpen();
    }
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented) return;
      if (isPaletteShortcut(event)) {
        event.preventDefault();
        if (paletteStore.getState().opened) palette.close();
        else openPalette();
        return;
      }
      const waitingForSecondKey = goToSince > 0 && Date.now() - goToSince < SEQUENCE_MS;
      goToSince = 0;
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      // Esc in a closed picker (a field key put the focus there) leaves the task, as from the page.
      const closedPicker =
        event.key === 'Escape' &&
        !escapeClosesPicker &&
        event.target instanceof Element &&
        event.target.matches(PICKER_FIELD);
      if (isTypingTarget(event) && !closedPicker) return;
      if (isInOverlay(event.target) || document.querySelector('[aria-modal="true"]')) return;
      const { navigate, pathname, queryClient, startNewTask, openHelp } = latest.current;
      if (waitingForSecondKey) {
        const to = GO_TO[event.key];
        if (to) {
          event.preventDefault();
          navigate(to);
          return;
        }
      }
      switch (event.key) {
        case 'g':
          goToSince = Date.now();
          return;
        case 'c': {
          event.preventDefault();
          const projectId = currentProjectId(pathname, queryClient);
          if (projectId) startNewTask(projectId);
          else openPalette('create-task');
          return;
        }
        case '/': {
          event.preventDefault();
          const field = document.querySelector<HTMLInputElement>('[data-search-page-input]');
          if (field) field.focus();
          else openPalette();
          return;
        }
        case '?':
          event.preventDefault();
          openHelp();
          return;
        case 'Escape': {
          // Closes the task shown: back to its project.
          const projectId = taskOnScreen(pathname) ? currentProjectId(pathname, queryClient) : null;
          if (!projectId) return;
          event.preventDefault();
          navigate(projectAddress(queryClient, projectId));
          return;
        }
      }
    }
    document.addEventListener('keydown', beforeKeyDown, true);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', beforeKeyDown, true);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, []);

  return <ShortcutsDialog opened={helpOpened} onClose={help.close} />;
}
