import { fillTitlePattern, type TaskTemplateView } from '@figgle/shared/task-template-schemas';
import { Button, Group, List, Select, Stack, Text } from '@mantine/core';
import { t } from '../../../lib/i18n/i18n';
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
      label={t('tasks.template')}
      description={t('tasks.templateDescription')}
      placeholder={t('messages.selectPlaceholder')}
      nothingFoundMessage={t('messages.selectNoMatch')}
      clearable
      searchable
      data-autofocus={autoFocus || undefined}
      data={[
        { group: t('tasks.readyTemplates'), items: group(true) },
        ...(own.length > 0 ? [{ group: t('tasks.projectTemplates'), items: own }] : []),
      ]}
      value={value}
      onChange={(id) => onChange(all.find((template) => template.template_id === id) ?? null)}
      error={templates.isError ? t('tasks.templatesFailed') : undefined}
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
  const remove = useDeleteTaskTemplate();
  async function removeTemplate() {
    const confirmed = await confirm({
      title: t('tasks.removeTemplateTitle'),
      text: t('tasks.removeTemplateText', { name: template.name }),
      confirmLabel: t('tasks.removeTemplateConfirm'),
    });
    if (!confirmed || !template.project_id) return;
    remove.mutate(
      { templateId: template.template_id, projectId: template.project_id },
      {
        onSuccess: () => {
          toastSuccess(t('tasks.templateRemoved', { name: template.name }));
          onRemoved();
        },
        onError: () => toastError(t('tasks.templateRemoveFailed')),
      },
    );
  }
  return (
    <Stack gap={4} aria-label={t('tasks.templateAddsLabel')}>
      <Text size="sm" fw={500}>
        {t('tasks.templateAdds', {
          checklist: template.checklist.length,
          subtasks: template.subtasks.length,
        })}
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
            {t('tasks.removeTemplate')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
