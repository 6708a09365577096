import {
  IconCalendarRepeat,
  IconCopy,
  IconFolderShare,
  IconLink,
  IconLock,
  IconSubtask,
  IconTargetArrow,
  IconTrash,
} from '@tabler/icons-react';
import { t } from '../../../lib/i18n/i18n';
import { useProjectCycles } from '../../../shared/api/list-cycles';
import { useOpenTaskActions } from '../../../shared/task-actions/open-task-actions';
import { requestStructure } from '../../../shared/task-actions/structure-requests';
import { paletteIcon as icon, type PaletteAction } from './palette-action';

/**
 * The palette's actions on the open task (docs/product.md#task-actions): adding a sub-task or a
 * blocker (the task page's sections take them), then those of the task page's "…" menu, run by the
 * menu itself (its confirmation, its project dialog). None elsewhere.
 */
export function useTaskPaletteActions(): PaletteAction[] {
  const open = useOpenTaskActions();
  // A project that plans in cycles offers its cycle actions (docs/product.md#cycles).
  const cycles = useProjectCycles(open?.projectId ?? null);
  if (!open) return [];
  const cycleActions: PaletteAction[] = cycles.data?.settings?.enabled
    ? [
        {
          id: 'task-move-to-current-cycle',
          label: t('search.moveToCurrentCycle'),
          keywords: ['cycle', 'sprint', 'plan'],
          icon: icon(IconTargetArrow),
          run: open.moveToCurrentCycle,
        },
        {
          id: 'task-set-cycle',
          label: t('search.setCycle'),
          keywords: ['cycle', 'sprint', 'plan', 'next'],
          icon: icon(IconCalendarRepeat),
          run: open.chooseCycle,
        },
      ]
    : [];
  return [
    {
      id: 'task-add-subtask',
      label: t('search.addSubtask'),
      keywords: ['subtask', 'child', 'break down'],
      icon: icon(IconSubtask),
      run: () => requestStructure('add-subtask'),
    },
    {
      id: 'task-mark-blocked-by',
      label: t('search.markBlockedBy'),
      keywords: ['blocked', 'blocker', 'depends', 'dependency', 'relation'],
      icon: icon(IconLock),
      run: () => requestStructure('mark-blocked-by'),
    },
    ...cycleActions,
    {
      id: 'task-move',
      label: t('search.moveTask'),
      keywords: ['project', 'transfer'],
      icon: icon(IconFolderShare),
      run: open.move,
    },
    {
      id: 'task-duplicate',
      label: t('search.duplicateTask'),
      keywords: ['copy', 'clone'],
      icon: icon(IconCopy),
      run: open.duplicate,
    },
    {
      id: 'task-copy-link',
      label: t('search.copyLink'),
      keywords: ['url', 'address', 'share'],
      icon: icon(IconLink),
      run: open.copyLink,
    },
    {
      id: 'task-delete',
      label: t('search.deleteTask'),
      keywords: ['remove', 'trash'],
      icon: icon(IconTrash),
      run: open.remove,
    },
  ];
}
