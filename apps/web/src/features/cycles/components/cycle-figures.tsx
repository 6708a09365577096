import type { CycleDetailView } from '@figgle/shared/cycle-schemas';
import { Group, Paper, Text } from '@mantine/core';

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
    <Group gap="sm" aria-label="Figures of the cycle" role="group">
      <Figure label="Scope" value={`${cycle.tasks.total} tasks`} />
      <Figure label="Done" value={`${cycle.tasks.done} of ${cycle.tasks.total}`} />
      <Figure label="Added after start" value={String(cycle.added_after_start)} />
      {points ? <Figure label="Points done" value={`${points.done} of ${points.total}`} /> : null}
    </Group>
  );
}
