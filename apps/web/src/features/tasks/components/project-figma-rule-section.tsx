import { STATUS_LABELS } from '@figgle/shared/status';
import { Checkbox, Select } from '@mantine/core';
import { ApiRequestError } from '../../../lib/api-client';
import { t } from '../../../lib/i18n/i18n';
import { type StatusChoice, useStatusChoices } from '../../../shared/api/list-project-statuses';
import { toastError, toastSuccess } from '../../../ui/toast';
import { useFigmaReadyRule, useSetFigmaReadyRule } from '../api/figma-ready-rule';
import { defaultStatusLabel } from './labels';
import { ProjectSettingsSection } from './project-settings-section';

const OFF = 'off';

/** A status's name in the project; one of the four first ones under its first name, in the person's language. */
function statusName(status: StatusChoice): string {
  const first = (STATUS_LABELS as Readonly<Record<string, string>>)[status.key];
  return first === status.name ? defaultStatusLabel(status.key) : status.name;
}

/**
 * The project's statuses the rule may name (docs/product.md#ready-for-dev), by their names in the
 * project: not a Canceled one, and of the keys the rule's column holds.
 */
const choices = (statuses: readonly StatusChoice[]) => [
  { value: OFF, label: t('tasks.figmaRuleOff') },
  ...statuses
    .filter((status) => status.category !== 'canceled')
    .map((status) => ({
      value: status.key,
      label: t('tasks.figmaRuleMoveTo', { status: statusName(status) }),
    })),
];

/**
 * Project settings → Figma: "When a linked design becomes Ready for dev, move the task to …", saved
 * as soon as it is chosen (docs/product.md#ready-for-dev). The way back (Done marks the design
 * Completed) is shown and cannot be turned on: Figma's REST API cannot set a design's Dev Mode status.
 */
export function ProjectFigmaRuleSection({ projectId }: { projectId: string }) {
  const rule = useFigmaReadyRule(projectId);
  const setRule = useSetFigmaReadyRule(projectId);
  const current = rule.data?.ready_status ?? OFF;
  const statuses = useStatusChoices(projectId);

  function choose(value: string | null) {
    const next = !value || value === OFF ? null : statuses.find((status) => status.key === value);
    setRule.mutate(
      { ready_status: next ? next.key : null },
      {
        onSuccess: () =>
          toastSuccess(
            next ? t('tasks.figmaRuleSaved', { status: statusName(next) }) : t('tasks.figmaRuleSavedOff'),
          ),
        onError: (error) =>
          toastError(error instanceof ApiRequestError ? error.message : t('tasks.figmaRuleFailed')),
      },
    );
  }

  return (
    <ProjectSettingsSection id="project-figma-rule-title" title="Figma">
      <Select
        label={t('tasks.figmaRuleLabel')}
        description={t('tasks.figmaRuleDescription')}
        data={choices(statuses)}
        value={setRule.isPending ? (setRule.variables.ready_status ?? OFF) : current}
        onChange={choose}
        allowDeselect={false}
        disabled={!rule.data || setRule.isPending}
        comboboxProps={{ zIndex: 300 }}
      />
      <Checkbox
        label={t('tasks.figmaBackLabel')}
        description={t('tasks.figmaBackDescription')}
        checked={false}
        disabled
        readOnly
      />
    </ProjectSettingsSection>
  );
}
