import { Chip } from '@mantine/core';
import { t } from '../../../../lib/i18n/i18n';
import type { TaskFiltersState } from './use-task-filters';

/**
 * "Current cycle" in one click (docs/product.md#cycles): the list and the board keep the tasks of the
 * project's current cycle; kept in the address (?cycle=current) like the other filters.
 */
export function CurrentCycleToggle({ state }: { state: TaskFiltersState }) {
  const { filters, setFilters } = state;
  const on = filters.cycle.length > 0;
  return (
    <Chip
      checked={on}
      onChange={(checked) => setFilters({ ...filters, cycle: checked ? ['current'] : [] })}
      variant="outline"
      size="sm"
    >
      {t('tasks.currentCycle')}
    </Chip>
  );
}
