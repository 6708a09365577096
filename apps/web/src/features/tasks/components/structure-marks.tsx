import { scaleOfEstimate } from '@figgle/shared/estimate';
import type { TaskSummaryView } from '@figgle/shared/task-schemas';
import { Badge } from '@mantine/core';
import { IconHierarchy2 } from '@tabler/icons-react';
import { type SyntheticEvent, useState } from 'react';
import { t } from '../../../lib/i18n/i18n';
import { useTaskStructure } from '../../../shared/api/get-task-structure';
import { BlockedBadge } from '../../../ui/planning/blocked-mark';
import { ProgressMark } from './progress-mark';
import { blockedWords, openBlockers, shortEstimate, subtaskProgressWords } from './structure-words';

type Structured = Pick<TaskSummaryView, 'task_id' | 'blocked_by' | 'estimate'>;

/** A task's sub-task progress ("2/5") on its list row and board card; nothing without sub-tasks. */
export function SubtaskProgress({ subtasks }: { subtasks: TaskSummaryView['subtasks'] | undefined }) {
  // A copy kept on the device from before sub-tasks existed has none.
  if (!subtasks || subtasks.total === 0) return null;
  return (
    <ProgressMark
      icon={<IconHierarchy2 size={14} stroke={1.8} aria-hidden />}
      done={subtasks.done}
      total={subtasks.total}
      words={subtaskProgressWords(subtasks)}
    />
  );
}

const stop = (event: SyntheticEvent) => event.stopPropagation();

/**
 * "Blocked" on a row or card while an open task blocks it: an icon and the word, readable without
 * colour, as on the task page. Hover or keyboard focus lists the blocking tasks, read from the
 * task's structure when it opens (the summaries carry only their number).
 */
export function RowBlockedMark({ taskId, count }: { taskId: string; count: number | undefined }) {
  const [opened, setOpened] = useState(false);
  const structure = useTaskStructure(taskId, { enabled: opened });
  if (!count) return null;
  const names = structure.data ? openBlockers(structure.data) : undefined;
  // Read when the list first opens, and again each time after: blockers change.
  const open = () => (opened ? void structure.refetch() : setOpened(true));
  return (
    <BlockedBadge
      words={blockedWords(count, names)}
      size="sm"
      style={{ flex: '0 0 auto', cursor: 'default' }}
      // Pressing it shows the list; it neither opens nor drags the card.
      onMouseEnter={open}
      onFocus={open}
      onClick={stop}
      onMouseDown={stop}
      onTouchStart={(event) => {
        stop(event);
        open();
      }}
    />
  );
}

/** A task's estimate on its card ("5 pts", "M"); nothing without one. */
function EstimateMark({ estimate }: { estimate: string | null | undefined }) {
  if (!estimate) return null;
  const words = t('tasks.estimateTitle', {
    scale: scaleOfEstimate(estimate),
    count: Number(estimate) || 0,
    n: estimate,
  });
  return (
    <Badge
      component="span"
      color="gray"
      variant="light"
      size="sm"
      radius="sm"
      style={{ flex: '0 0 auto', textTransform: 'none' }}
      aria-label={words}
      title={words}
    >
      {shortEstimate(estimate)}
    </Badge>
  );
}

/** What a card's planning line adds from the task's structure: Blocked, then the estimate. */
export function CardStructure({ task }: { task: Structured }) {
  return (
    <>
      <RowBlockedMark taskId={task.task_id} count={task.blocked_by} />
      <EstimateMark estimate={task.estimate} />
    </>
  );
}
