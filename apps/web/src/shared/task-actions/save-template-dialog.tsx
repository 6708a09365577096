import { TEMPLATE_NAME_MAX, TEMPLATE_TITLE_PATTERN_MAX } from '@figgle/shared/task-template-schemas';
import { Alert, Modal, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { ApiRequestError } from '../../lib/api-client';
import { t } from '../../lib/i18n/i18n';
import { DialogButtons } from '../../ui/dialog-buttons';
import { toastSuccess } from '../../ui/toast';
import { useSaveTaskTemplate } from '../api/save-task-template';

/**
 * "Save as template" of the task's menu: a name and a title pattern ({date} becomes the day a task is
 * made); the template keeps the description, checklist, sub-tasks, labels, priority, estimate and
 * custom field values (docs/product.md#templates).
 */
export function SaveTemplateDialog({
  taskId,
  projectId,
  title,
  onClose,
}: {
  taskId: string;
  projectId: string;
  title: string;
  onClose: () => void;
}) {
  const save = useSaveTaskTemplate();
  const [name, setName] = useState(title.slice(0, TEMPLATE_NAME_MAX));
  const [pattern, setPattern] = useState(title.slice(0, TEMPLATE_TITLE_PATTERN_MAX));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    save.mutate(
      { taskId, projectId, input: { name, title_pattern: pattern } },
      {
        onSuccess: (template) => {
          toastSuccess(t('shared.savedAsTemplate', { name: template.name }));
          onClose();
        },
      },
    );
  }

  const failure =
    save.error instanceof ApiRequestError && save.error.statusCode < 500
      ? save.error.issues?.length
        ? save.error.issues.map((issue) => issue.message).join(' ')
        : save.error.message
      : save.error
        ? t('shared.templateSaveFailed')
        : null;

  return (
    <Modal opened onClose={onClose} title={t('shared.saveAsTemplate')}>
      <form onSubmit={submit}>
        <Stack gap="md">
          {failure ? (
            <Alert color="red" variant="light" title={t('shared.templateNotSaved')} role="alert">
              {failure}
            </Alert>
          ) : null}
          <Text size="sm">{t('shared.templateHint')}</Text>
          <TextInput
            label={t('shared.templateName')}
            required
            maxLength={TEMPLATE_NAME_MAX}
            data-autofocus
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
          />
          <TextInput
            label={t('shared.titlePattern')}
            description={t('shared.titlePatternHint', { date: '{date}' })}
            required
            maxLength={TEMPLATE_TITLE_PATTERN_MAX}
            value={pattern}
            onChange={(event) => setPattern(event.currentTarget.value)}
          />
          <DialogButtons onCancel={onClose} submitLabel={t('shared.saveTemplate')} pending={save.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
