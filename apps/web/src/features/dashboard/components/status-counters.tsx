import type { DashboardView } from '@figgle/shared/dashboard-schemas';
import type { TaskStatus } from '@figgle/shared/status';
import { Group, type MantineColor, Paper, SimpleGrid, Skeleton, Text, ThemeIcon } from '@mantine/core';
import {
  IconAlarm,
  IconArchive,
  IconCircleCheck,
  IconCircleDashed,
  IconProgress,
  type TablerIcon,
} from '@tabler/icons-react';
import { useId } from 'react';
import { t } from '../../../lib/i18n/i18n';

const COUNTERS: ReadonlyArray<{ status: TaskStatus; colour: MantineColor; Drawing: TablerIcon }> = [
  { status: 'TODO', colour: 'gray', Drawing: IconCircleDashed },
  { status: 'DOING', colour: 'blue', Drawing: IconProgress },
  { status: 'DONE', colour: 'teal', Drawing: IconCircleCheck },
  { status: 'ARCHIVE', colour: 'grape', Drawing: IconArchive },
];

interface CounterProps {
  label: string;
  value: number | null;
  colour: MantineColor;
  Drawing: TablerIcon;
}

function Counter({ label, value, colour, Drawing }: CounterProps) {
  const labelId = useId();
  return (
    <Paper withBorder radius="md" p="md" role="group" aria-labelledby={labelId}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Text id={labelId} size="xs" c="dimmed" fw={600} tt="uppercase" style={{ letterSpacing: '0.04em' }}>
            {label}
          </Text>
          {value === null ? (
            <Skeleton h={34} w={64} mt={6} />
          ) : (
            <Text fz={30} fw={700} lh={1.2} mt={4} style={{ fontVariantNumeric: 'tabular-nums' }}>
              {t('dashboard.counterValue', { value })}
            </Text>
          )}
        </div>
        <ThemeIcon variant="light" color={colour} size={36} radius="md" aria-hidden>
          <Drawing size={20} stroke={1.8} />
        </ThemeIcon>
      </Group>
    </Paper>
  );
}

interface StatusCountersProps {
  counters: DashboardView['counters'] | undefined;
  overdue: number | undefined;
}

/**
 * The cross-project counters of docs/product.md#dashboard: Tasks in TODO, DOING, DONE, ARCHIVE, and
 * the open tasks past their due date.
 */
export function StatusCounters({ counters, overdue }: StatusCountersProps) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="md">
      {COUNTERS.map(({ status, colour, Drawing }) => (
        <Counter
          key={status}
          label={t('dashboard.tasksIn', { status })}
          value={counters ? counters[status as keyof typeof counters] : null}
          colour={colour}
          Drawing={Drawing}
        />
      ))}
      <Counter
        label={t('dashboard.overdue')}
        value={overdue ?? null}
        colour={overdue ? 'red' : 'gray'}
        Drawing={IconAlarm}
      />
    </SimpleGrid>
  );
}
