import { ESTIMATE_SCALE_LABELS, type EstimateScale, estimateTotal } from '@figgle/shared/estimate';

/**
 * The question asked before a new scale clears estimates (docs/product.md#estimates); null when no
 * task has one, so nothing is lost and nothing is asked.
 */
export function scaleChangeQuestion(
  estimatedTasks: number,
  next: EstimateScale,
): { title: string; text: string; confirmLabel: string } | null {
  if (estimatedTasks <= 0) return null;
  const tasks = estimatedTasks === 1 ? '1 task has an estimate' : `${estimatedTasks} tasks have an estimate`;
  const them = estimatedTasks === 1 ? 'it' : 'them';
  const switching =
    next === 'none'
      ? 'Turning estimates off'
      : `Switching to ${ESTIMATE_SCALE_LABELS[next].replace(/ \(.*\)$/, '')}`;
  return {
    title: 'Clear the estimates?',
    text: `${tasks}. ${switching} clears ${them}; each task's change log keeps what it was.`,
    confirmLabel: estimatedTasks === 1 ? 'Clear 1 estimate' : `Clear ${estimatedTasks} estimates`,
  };
}

/**
 * What each group's tasks' estimates add up to ("13 pts", "2 S · 1 L"), for the board's column
 * headers and the list's groups; null for a group without any, and for every group of a project
 * without a scale. `estimateOf` is undefined for a task not (or no longer) known.
 */
export function estimateTotalsOf<Group extends string>(
  scale: EstimateScale,
  groups: Readonly<Record<Group, readonly string[]>>,
  estimateOf: (taskId: string) => string | null | undefined,
): Record<Group, string | null> {
  const totals = {} as Record<Group, string | null>;
  for (const group of Object.keys(groups) as Group[])
    totals[group] = scale === 'none' ? null : estimateTotal(scale, groups[group].map(estimateOf));
  return totals;
}
