import type { CycleSettingsInput } from '@figgle/shared/cycle-schemas';
import { Group, Select, Switch } from '@mantine/core';
import { useState } from 'react';
import { ApiRequestError } from '../../../lib/api-client';
import { intlLocale, t } from '../../../lib/i18n/i18n';
import { useProjectCycles } from '../../../shared/api/list-cycles';
import { toastError, toastSuccess } from '../../../ui/toast';
import { useSetCycleSettings } from '../api/set-cycle-settings';
import { ProjectSettingsSection } from './project-settings-section';

const lengths = () =>
  [1, 2, 3, 4].map((weeks) => ({ value: String(weeks), label: t('tasks.cycleWeeks', { count: weeks }) }));
/** Sunday (0) to Saturday (6), named in the person's language. */
const weekDays = () => {
  const format = new Intl.DateTimeFormat(intlLocale(), { timeZone: 'UTC', weekday: 'long' });
  // 4 January 2026 is a Sunday.
  return Array.from({ length: 7 }, (_, day) => ({
    value: String(day),
    label: format.format(Date.UTC(2026, 0, 4 + day)),
  }));
};
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
      onSuccess: () => toastSuccess(settings.enabled ? t('tasks.cyclesOn') : t('tasks.cyclesOff')),
      onError: (error) =>
        toastError(error instanceof ApiRequestError ? error.message : t('tasks.cyclesFailed')),
    });
  }

  return (
    <ProjectSettingsSection id="project-cycles-title" title={t('tasks.cyclesTitle')}>
      <Switch
        label={t('tasks.planInCycles')}
        description={t('tasks.planInCyclesDescription')}
        checked={shown.enabled}
        disabled={!cycles.data || save.isPending}
        onChange={(event) => change({ enabled: event.currentTarget.checked })}
      />
      <Group grow align="flex-start">
        <Select
          label={t('tasks.cycleLength')}
          data={lengths()}
          value={String(shown.weeks)}
          allowDeselect={false}
          disabled={save.isPending}
          onChange={(value) => value && change({ weeks: Number(value) })}
          comboboxProps={{ zIndex: 300 }}
        />
        <Select
          label={t('tasks.cyclesStartOn')}
          data={weekDays()}
          value={String(shown.week_start)}
          allowDeselect={false}
          disabled={save.isPending}
          onChange={(value) => value && change({ week_start: Number(value) })}
          comboboxProps={{ zIndex: 300 }}
        />
      </Group>
    </ProjectSettingsSection>
  );
}
