import { READY_RULE_STATUSES } from '@figgle/shared/figma-dev-status-schemas';
import { Checkbox, Divider, Select, Stack, Title } from '@mantine/core';
import { ApiRequestError } from '../../../lib/api-client';
import { t } from '../../../lib/i18n/i18n';
import { toastError, toastSuccess } from '../../../ui/toast';
import { useFigmaReadyRule, useSetFigmaReadyRule } from '../api/figma-ready-rule';
import { defaultStatusLabel } from './labels';

const OFF = 'off';
const choices = () => [
  { value: OFF, label: t('tasks.figmaRuleOff') },
  ...READY_RULE_STATUSES.map((status) => ({
    value: status,
    label: t('tasks.figmaRuleMoveTo', { status: defaultStatusLabel(status) }),
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

  function choose(value: string | null) {
    const next = !value || value === OFF ? null : (value as (typeof READY_RULE_STATUSES)[number]);
    setRule.mutate(
      { ready_status: next },
      {
        onSuccess: () =>
          toastSuccess(
            next
              ? t('tasks.figmaRuleSaved', { status: defaultStatusLabel(next) })
              : t('tasks.figmaRuleSavedOff'),
          ),
        onError: (error) =>
          toastError(error instanceof ApiRequestError ? error.message : t('tasks.figmaRuleFailed')),
      },
    );
  }

  return (
    <Stack gap="xs" component="section" aria-labelledby="project-figma-rule-title">
      <Divider my="xs" />
      <Title order={3} fz="md" fw={600} id="project-figma-rule-title">
        Figma
      </Title>
      <Select
        label={t('tasks.figmaRuleLabel')}
        description={t('tasks.figmaRuleDescription')}
        data={choices()}
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
    </Stack>
  );
}
