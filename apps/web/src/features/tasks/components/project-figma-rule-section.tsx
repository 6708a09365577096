import { READY_RULE_STATUSES } from '@figgle/shared/figma-dev-status-schemas';
import { STATUS_LABELS } from '@figgle/shared/status';
import { Checkbox, Divider, Select, Stack, Title } from '@mantine/core';
import { ApiRequestError } from '../../../lib/api-client';
import { toastError, toastSuccess } from '../../../ui/toast';
import { useFigmaReadyRule, useSetFigmaReadyRule } from '../api/figma-ready-rule';

const OFF = 'off';
const CHOICES = [
  { value: OFF, label: 'Leave the task where it is' },
  ...READY_RULE_STATUSES.map((status) => ({ value: status, label: `Move it to ${STATUS_LABELS[status]}` })),
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
            next ? `Ready for dev moves tasks to ${STATUS_LABELS[next]}.` : 'Ready for dev moves no task.',
          ),
        onError: (error) =>
          toastError(error instanceof ApiRequestError ? error.message : 'The rule could not be saved.'),
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
        label="When a linked design becomes Ready for dev"
        description="Figma's Dev Mode status of a frame linked to the task."
        data={CHOICES}
        value={setRule.isPending ? (setRule.variables.ready_status ?? OFF) : current}
        onChange={choose}
        allowDeselect={false}
        disabled={!rule.data || setRule.isPending}
        comboboxProps={{ zIndex: 300 }}
      />
      <Checkbox
        label="When the task is Done, mark the design Completed"
        description="Not possible: Figma's API does not let other apps set a design's Dev Mode status, only people in Figma (and Figma plugins)."
        checked={false}
        disabled
        readOnly
      />
    </Stack>
  );
}
