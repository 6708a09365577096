import type { TaskSummaryView } from '@figgle/shared/task-schemas';
import { Button, Menu } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { t } from '../../../../lib/i18n/i18n';
import { useProjectCycles } from '../../../../shared/api/list-cycles';
import { cycleChoices, NO_CYCLE } from '../../../../shared/task-actions/cycle-choices';

/**
 * The selection bar's "Cycle" (docs/product.md#cycles): shown when every ticked task is of one
 * project that plans in cycles; None, the current cycle and the next ones.
 */
export function BulkCycleMenu({
  tasks,
  onSet,
}: {
  tasks: readonly TaskSummaryView[];
  onSet: (cycleId: string | null) => void;
}) {
  const projectId = tasks[0]?.project_id ?? null;
  const oneProject = projectId !== null && tasks.every((task) => task.project_id === projectId);
  const cycles = useProjectCycles(oneProject ? projectId : null);
  if (!oneProject || !cycles.data?.settings?.enabled) return null;
  return (
    <Menu position="top" withinPortal shadow="md">
      <Menu.Target>
        <Button size="compact-sm" variant="default" rightSection={<IconChevronDown size={14} aria-hidden />}>
          {t('tasks.bulkCycle')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {cycleChoices(cycles.data.cycles, null).map((choice) => (
          <Menu.Item
            key={choice.value}
            onClick={() => onSet(choice.value === NO_CYCLE ? null : choice.value)}
          >
            {choice.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
