import {
  IconFolder,
  IconInbox,
  IconLayoutDashboard,
  IconListCheck,
  IconMoon,
  IconPlus,
  IconRadar2,
  IconSettings,
  IconTemplate,
} from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useStartNewTask } from '../../../shared/current-project';
import { paths } from '../../../shared/paths';
import { type PaletteAction, paletteIcon } from './palette-action';
import { useTaskPaletteActions } from './task-palette-actions';

interface PaletteActionsOptions {
  /** The project the person is in, where a new task goes without asking. */
  contextProjectId: string | null;
  contextProjectName: string | undefined;
  /** Outside a project, "Create a task" asks for one first: the palette's next step. */
  chooseProject: () => void;
  onToggleColorScheme: () => void;
}

/** The palette's actions, the open task's first (docs/product.md#search-and-shortcuts). */
export function usePaletteActions({
  contextProjectId,
  contextProjectName,
  chooseProject,
  onToggleColorScheme,
}: PaletteActionsOptions): PaletteAction[] {
  const navigate = useNavigate();
  const startNewTask = useStartNewTask();
  const taskActions = useTaskPaletteActions();
  const go = (to: string) => () => navigate(to);
  return [
    ...taskActions,
    {
      id: 'create-task',
      label: 'Create a task',
      description: contextProjectId ? `In ${contextProjectName ?? 'this project'}` : 'Choose a project',
      keywords: ['new', 'add', 'task'],
      icon: paletteIcon(IconPlus),
      run: () => {
        if (contextProjectId) startNewTask(contextProjectId);
        else chooseProject();
      },
      keepsOpen: !contextProjectId,
    },
    ...(contextProjectId
      ? [
          {
            id: 'create-task-from-template',
            label: 'New task from template',
            description: `In ${contextProjectName ?? 'this project'}`,
            keywords: ['template', 'new', 'task', 'checklist'],
            icon: paletteIcon(IconTemplate),
            run: () => startNewTask(contextProjectId, { fromTemplate: true }),
          },
        ]
      : []),
    {
      id: 'inbox',
      label: 'Go to Inbox',
      keywords: ['activity', 'notifications'],
      icon: paletteIcon(IconInbox),
      run: go(paths.inbox),
    },
    {
      id: 'my-tasks',
      label: 'Go to My tasks',
      keywords: ['assigned', 'mine'],
      icon: paletteIcon(IconListCheck),
      run: go(paths.myTasks),
    },
    {
      id: 'projects',
      label: 'Go to Projects',
      keywords: [],
      icon: paletteIcon(IconFolder),
      run: go(paths.projects),
    },
    {
      id: 'dashboard',
      label: 'Go to Dashboard',
      keywords: ['overview', 'statistics'],
      icon: paletteIcon(IconLayoutDashboard),
      run: go(paths.dashboard),
    },
    {
      id: 'figma-radar',
      label: 'Go to Figma Radar',
      keywords: ['comments', 'design'],
      icon: paletteIcon(IconRadar2),
      run: go(paths.figmaRadar),
    },
    {
      id: 'dark-mode',
      label: 'Toggle dark mode',
      keywords: ['light', 'theme', 'colour', 'color', 'scheme', 'night'],
      icon: paletteIcon(IconMoon),
      run: onToggleColorScheme,
    },
    {
      id: 'settings',
      label: 'Open settings',
      keywords: ['preferences', 'profile', 'account', 'password', 'organization'],
      icon: paletteIcon(IconSettings),
      run: go(paths.settings),
    },
  ];
}
