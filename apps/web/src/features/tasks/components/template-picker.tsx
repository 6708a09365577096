import { MESSAGES } from '@figgle/shared/constants';
import { fillTitlePattern, type TaskTemplateView } from '@figgle/shared/task-template-schemas';
import { Button, Group, List, Select, Stack, Text } from '@mantine/core';
import { confirm } from '../../../ui/confirm/confirm-service';
import { toastError, toastSuccess } from '../../../ui/toast';
import { useDeleteTaskTemplate } from '../api/delete-task-template';
import { useTaskTemplates } from '../api/list-task-templates';

/** Today as YYYY-MM-DD in the person's own time zone: what {date} in a title pattern becomes. */
function today(): string {
  const now = new Date();
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The title a template gives a new task today. */
export function templateTitle(template: TaskTemplateView): string {
  return fillTitlePattern(template.title_pattern, today());
}

/**
 * The add-task dialog's "Template" choice (docs/product.md#templates): none, a ready template or one
 * of the project's own. Answers the chosen template, or null.
 */
export function TemplatePicker({
  projectId,
  value,
  onChange,
  autoFocus,
}: {
  projectId: string;
  value: string | null;
  onChange: (template: TaskTemplateView | null) => void;
  autoFocus: boolean;
}) {
  const templates = useTaskTemplates(projectId);
  const all = templates.data ?? [];
  const group = (ready: boolean) =>
    all
      .filter((template) => template.ready === ready)
      .map((template) => ({ value: template.template_id, label: template.name }));
  const own = group(false);
  return (
    <Select
      label="Template"
      description="Start from a template: its checklist and sub-tasks come with the task"
      placeholder={MESSAGES.selectPlaceholder}
      nothingFoundMessage={MESSAGES.selectNoMatch}
      clearable
      searchable
      data-autofocus={autoFocus || undefined}
      data={[
        { group: 'Ready templates', items: group(true) },
        ...(own.length > 0 ? [{ group: 'This project’s templates', items: own }] : []),
      ]}
      value={value}
      onChange={(id) => onChange(all.find((template) => template.template_id === id) ?? null)}
      error={templates.isError ? 'Sorry, the templates could not be read.' : undefined}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/**
 * What a task made from the template gets besides its title; a project's own template can be removed
 * here (after a confirmation), a ready one cannot.
 */
export function TemplateSummary({
  template,
  onRemoved,
}: {
  template: TaskTemplateView;
  onRemoved: () => void;
}) {
  const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  const remove = useDeleteTaskTemplate();
  async function removeTemplate() {
    const confirmed = await confirm({
      title: 'Remove this template?',
      text: `“${template.name}” is no longer offered in this project. Tasks made from it stay as they are.`,
      confirmLabel: 'Remove',
    });
    if (!confirmed || !template.project_id) return;
    remove.mutate(
      { templateId: template.template_id, projectId: template.project_id },
      {
        onSuccess: () => {
          toastSuccess(`Template “${template.name}” removed`);
          onRemoved();
        },
        onError: () => toastError('The template could not be removed.'),
      },
    );
  }
  return (
    <Stack gap={4} aria-label="What the template adds">
      <Text size="sm" fw={500}>
        The task comes with {count(template.checklist.length, 'checklist item', 'checklist items')} and{' '}
        {count(template.subtasks.length, 'sub-task', 'sub-tasks')}.
      </Text>
      {template.description ? (
        <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-line' }} lineClamp={4}>
          {template.description}
        </Text>
      ) : null}
      {template.subtasks.length > 0 ? (
        <List size="sm">
          {template.subtasks.map((subtask) => (
            <List.Item key={subtask}>{subtask}</List.Item>
          ))}
        </List>
      ) : null}
      {template.ready ? null : (
        <Group justify="flex-start">
          <Button
            variant="subtle"
            color="red"
            size="compact-sm"
            loading={remove.isPending}
            onClick={() => void removeTemplate()}
          >
            Remove template
          </Button>
        </Group>
      )}
    </Stack>
  );
}
