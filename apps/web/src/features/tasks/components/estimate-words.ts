import { type EstimateScale, estimateTotal } from '@figgle/shared/estimate';
import { t } from '../../../lib/i18n/i18n';

/**
 * The question asked before a new scale clears estimates (docs/product.md#estimates); null when no
 * task has one, so nothing is lost and nothing is asked.
 */
export function scaleChangeQuestion(
  estimatedTasks: number,
  next: EstimateScale,
): { title: string; text: string; confirmLabel: string } | null {
  if (estimatedTasks <= 0) return null;
  const values = { count: estimatedTasks, n: String(estimatedTasks), scale: next };
  return {
    title: t('tasks.clearEstimatesTitle'),
    text: t('tasks.clearEstimatesText', values),
    confirmLabel: t('tasks.clearEstimatesConfirm', values),
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
  for (const group of Object.keys(groups) as Group[]) {
    const total = scale === 'none' ? null : estimateTotal(scale, groups[group].map(estimateOf));
    // Points add up to "13 pts", words of the person's language; sizes ("2 S · 1 L") need none.
    const sum = scale === 'points' && total ? total.split(' ')[0]! : null;
    totals[group] = sum ? t('tasks.points', { count: Number(sum), n: sum }) : total;
  }
  return totals;
}
