import type { CycleDetailView } from '@figgle/shared/cycle-schemas';
import { Group, Paper, Text } from '@mantine/core';
import { t } from '../../../lib/i18n/i18n';

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Paper withBorder p="sm" radius="md" miw={110}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fz="xl" fw={700}>
        {value}
      </Text>
    </Paper>
  );
}

/** Scope, done and added after start; with points beside them when the project estimates in points. */
export function CycleFigures({ cycle }: { cycle: CycleDetailView }) {
  const points = cycle.points;
  return (
    <Group gap="sm" aria-label={t('cycles.figures')} role="group">
      <Figure label={t('cycles.scope')} value={t('cycles.scopeTasks', { count: cycle.tasks.total })} />
      <Figure
        label={t('cycles.done')}
        value={t('cycles.doneOfTotal', { done: cycle.tasks.done, total: cycle.tasks.total })}
      />
      <Figure label={t('cycles.addedAfterStart')} value={String(cycle.added_after_start)} />
      {points ? (
        <Figure
          label={t('cycles.pointsDone')}
          value={t('cycles.doneOfTotal', { done: points.done, total: points.total })}
        />
      ) : null}
    </Group>
  );
}
