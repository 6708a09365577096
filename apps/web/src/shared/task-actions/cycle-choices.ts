import type { CycleView } from '@figgle/shared/cycle-schemas';
import { t } from '../../lib/i18n/i18n';
import { cycleDates, cycleName } from '../cycle-words';

/** The value of "None" in a cycle picker: the task is in no cycle. */
export const NO_CYCLE = 'none';

/**
 * What a cycle picker offers a task (docs/product.md#cycles): "None", the current cycle and the next
 * ones, oldest first, and the task's own cycle when that one ended.
 */
export function cycleChoices(
  cycles: readonly CycleView[],
  ownCycleId: string | null,
): Array<{ value: string; label: string }> {
  const choices = cycles
    .filter((cycle) => cycle.state !== 'past' || cycle.cycle_id === ownCycleId)
    .toReversed()
    .map((cycle) => ({
      value: cycle.cycle_id,
      label: t(cycle.state === 'current' ? 'shared.cycleOptionCurrent' : 'shared.cycleOption', {
        name: cycleName(cycle),
        dates: cycleDates(cycle),
      }),
    }));
  return [{ value: NO_CYCLE, label: t('shared.none') }, ...choices];
}
