import type { CycleSettingsInput } from '@figgle/shared/cycle-schemas';
import { Divider, Group, Select, Stack, Switch, Title } from '@mantine/core';
import { useState } from 'react';
import { ApiRequestError } from '../../../lib/api-client';
import { useProjectCycles } from '../../../shared/api/list-cycles';
import { toastError, toastSuccess } from '../../../ui/toast';
import { useSetCycleSettings } from '../api/set-cycle-settings';

const LENGTHS = [1, 2, 3, 4].map((weeks) => ({
  value: String(weeks),
  label: weeks === 1 ? '1 week' : `${weeks} weeks`,
}));
const WEEK_DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'].map(
  (label, day) => ({ value: String(day), label }),
);
const DEFAULTS = { weeks: 2, week_start: 1 };

/**
 * Project settings → Cycles (docs/product.md#cycles): on or off, the length and the first day of the
 * week. While cycles are on, each is saved as soon as it is chosen (a new length or first day applies
 * from the next cycle); while off, they are chosen first and saved by turning cycles on.
 */
export function ProjectCyclesSection({ projectId }: { projectId: string }) {
  const cycles = useProjectCycles(projectId);
  const save = useSetCycleSettings(projectId);
  const saved = cycles.data?.settings ?? null;
  // While cycles are off, the length and first day are only chosen here; turning them on saves them.
  const [draft, setDraft] = useState<typeof DEFAULTS | null>(null);
  const chosen = draft ?? (saved ? { weeks: saved.weeks, week_start: saved.week_start } : DEFAULTS);
  const off = { enabled: false, ...chosen };
  const shown = save.isPending ? save.variables : saved?.enabled ? saved : off;

  function change(next: Partial<CycleSettingsInput>) {
    const settings = { enabled: shown.enabled, weeks: shown.weeks, week_start: shown.week_start, ...next };
    if (!settings.enabled && next.enabled === undefined) {
      setDraft({ weeks: settings.weeks, week_start: settings.week_start });
      return;
    }
    save.mutate(settings, {
      onSuccess: () => toastSuccess(settings.enabled ? 'Cycles are on.' : 'Cycles are off.'),
      onError: (error) =>
        toastError(error instanceof ApiRequestError ? error.message : 'The cycles could not be saved.'),
    });
  }

  return (
    <Stack gap="xs" component="section" aria-labelledby="project-cycles-title">
      <Divider my="xs" />
      <Title order={3} fz="md" fw={600} id="project-cycles-title">
        Cycles
      </Title>
      <Switch
        label="Plan in cycles"
        description="Fixed periods of work; unfinished tasks move to the next cycle when one ends."
        checked={shown.enabled}
        disabled={!cycles.data || save.isPending}
        onChange={(event) => change({ enabled: event.currentTarget.checked })}
      />
      <Group grow align="flex-start">
        <Select
          label="Cycle length"
          data={LENGTHS}
          value={String(shown.weeks)}
          allowDeselect={false}
          disabled={save.isPending}
          onChange={(value) => value && change({ weeks: Number(value) })}
          comboboxProps={{ zIndex: 300 }}
        />
        <Select
          label="Cycles start on"
          data={WEEK_DAYS}
          value={String(shown.week_start)}
          allowDeselect={false}
          disabled={save.isPending}
          onChange={(value) => value && change({ week_start: Number(value) })}
          comboboxProps={{ zIndex: 300 }}
        />
      </Group>
    </Stack>
  );
}
