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
import { t } from '../../../lib/i18n/i18n';
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
  const inProject = t('search.inProject', { name: contextProjectName ?? t('search.thisProject') });
  return [
    ...taskActions,
    {
      id: 'create-task',
      label: t('search.createTask'),
      description: contextProjectId ? inProject : t('search.chooseProject'),
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
            label: t('search.newTaskFromTemplate'),
            description: inProject,
            keywords: ['template', 'new', 'task', 'checklist'],
            icon: paletteIcon(IconTemplate),
            run: () => startNewTask(contextProjectId, { fromTemplate: true }),
          },
        ]
      : []),
    {
      id: 'inbox',
      label: t('search.goInbox'),
      keywords: ['activity', 'notifications'],
      icon: paletteIcon(IconInbox),
      run: go(paths.inbox),
    },
    {
      id: 'my-tasks',
      label: t('search.goMyTasks'),
      keywords: ['assigned', 'mine'],
      icon: paletteIcon(IconListCheck),
      run: go(paths.myTasks),
    },
    {
      id: 'projects',
      label: t('search.goProjects'),
      keywords: [],
      icon: paletteIcon(IconFolder),
      run: go(paths.projects),
    },
    {
      id: 'dashboard',
      label: t('search.goDashboard'),
      keywords: ['overview', 'statistics'],
      icon: paletteIcon(IconLayoutDashboard),
      run: go(paths.dashboard),
    },
    {
      id: 'figma-radar',
      label: t('search.goFigmaRadar'),
      keywords: ['comments', 'design'],
      icon: paletteIcon(IconRadar2),
      run: go(paths.figmaRadar),
    },
    {
      id: 'dark-mode',
      label: t('search.toggleDarkMode'),
      keywords: ['light', 'theme', 'colour', 'color', 'scheme', 'night'],
      icon: paletteIcon(IconMoon),
      run: onToggleColorScheme,
    },
    {
      id: 'settings',
      label: t('search.openSettings'),
      keywords: ['preferences', 'profile', 'account', 'password', 'organization'],
      icon: paletteIcon(IconSettings),
      run: go(paths.settings),
    },
  ];
}
