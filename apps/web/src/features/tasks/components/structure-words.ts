import { scaleOfEstimate } from '@figgle/shared/estimate';
import { isFinishedStatus } from '@figgle/shared/status-categories';
import type { TaskStructureView } from '@figgle/shared/subtask-schemas';
import { t } from '../../../lib/i18n/i18n';

// What the structure marks of rows and cards (structure-marks.tsx) say, in words.

/** "2 of 5 sub-tasks done", as the progress mark says it to a screen reader and on hover. */
export function subtaskProgressWords({ done, total }: { done: number; total: number }): string {
  return t('tasks.subtaskProgress', { done, total });
}

/** The open tasks that block a task, as its structure names them ("WEB-9 Payment API"). */
export function openBlockers(structure: TaskStructureView | undefined): string[] {
  return (structure?.relations ?? [])
    .filter((relation) => relation.side === 'blocked_by' && !isFinishedStatus(relation.task))
    .map((relation) => `${relation.task.reference} ${relation.task.title}`);
}

/** What the Blocked mark says: the blockers by name once read, their number until then. */
export function blockedWords(count: number, names: readonly string[] | undefined): string {
  if (names && names.length > 0) return t('tasks.blockedByNames', { names: names.join(', ') });
  return t('tasks.blockedByCount', { count });
}

/** An estimate as a row or card shows it: "5 pts", "1 pt", "M". */
export function shortEstimate(estimate: string): string {
  if (scaleOfEstimate(estimate) === 'points')
    return t('tasks.points', { count: Number(estimate), n: estimate });
  return estimate;
}
