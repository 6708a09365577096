import { TEMPLATE_NAME_MAX, TEMPLATE_TITLE_PATTERN_MAX } from '@figgle/shared/task-template-schemas';
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { ApiRequestError } from '../../lib/api-client';
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
          toastSuccess(`Saved as the template “${template.name}”`);
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
        ? 'Sorry, the template could not be saved.'
        : null;

  return (
    <Modal opened onClose={onClose} title="Save as template" centered>
      <form onSubmit={submit}>
        <Stack gap="md">
          {failure ? (
            <Alert color="red" variant="light" title="The template was not saved" role="alert">
              {failure}
            </Alert>
          ) : null}
          <Text size="sm">
            New tasks of this project can start from it, with its description, checklist, sub-tasks, labels,
            priority, estimate and field values.
          </Text>
          <TextInput
            label="Template name"
            required
            maxLength={TEMPLATE_NAME_MAX}
            data-autofocus
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
          />
          <TextInput
            label="Title pattern"
            description="The title of each new task; {date} becomes the day it is made."
            required
            maxLength={TEMPLATE_TITLE_PATTERN_MAX}
            value={pattern}
            onChange={(event) => setPattern(event.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save template
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
