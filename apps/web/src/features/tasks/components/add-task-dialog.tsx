import type { TaskPriority } from '@figgle/shared/priority';
import type { TaskStatus } from '@figgle/shared/status';
import type { TaskTemplateView } from '@figgle/shared/task-template-schemas';
import { Alert, Modal, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type FormEvent, useState } from 'react';
import { ApiRequestError } from '../../../lib/api-client';
import { t } from '../../../lib/i18n/i18n';
import { useMembers } from '../../../shared/api/list-members';
import { useStatusChoices } from '../../../shared/api/list-project-statuses';
import { takeTemplateRequest } from '../../../shared/app-actions';
import { DialogButtons } from '../../../ui/dialog-buttons';
import type { DueFields } from '../../../ui/planning/due-date';
import { DueDateInput } from '../../../ui/planning/due-date-input';
import { PrioritySelect } from '../../../ui/planning/priority-select';
import { StartDateInput } from '../../../ui/planning/start-date-input';
import { toastSuccess } from '../../../ui/toast';
import { useCreateTask } from '../api/create-task';
import { useCreateTaskFromTemplate } from '../api/create-task-from-template';
import { memberName } from './member-name';
import { TaskLabelsField } from './task-labels-field';
import { TemplatePicker, TemplateSummary, templateTitle } from './template-picker';

export interface AddTaskDialogProps {
  opened: boolean;
  onClose: () => void;
  projectId: string;
  organizationId: string;
  /** The status chosen when the form opens: a board column's "+" gives its own; To Do otherwise. */
  status?: TaskStatus;
}

export function AddTaskDialog({ opened, onClose, projectId, organizationId, status }: AddTaskDialogProps) {
  // On a phone the dialog is a full-screen sheet: every field and "Create" stay on the screen.
  const phone = useMediaQuery('(max-width: 599.98px)', false) ?? false;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('tasks.addTaskTitle')}
      size="lg"
      radius={phone ? 0 : 'lg'}
      fullScreen={phone}
    >
      {opened ? (
        <AddTaskForm
          projectId={projectId}
          organizationId={organizationId}
          initialStatus={status}
          onDone={onClose}
        />
      ) : null}
    </Modal>
  );
}

function AddTaskForm({
  projectId,
  organizationId,
  initialStatus,
  onDone,
}: {
  projectId: string;
  organizationId: string;
  initialStatus: TaskStatus | undefined;
  onDone: () => void;
}) {
  const createTask = useCreateTask();
  const members = useMembers(organizationId);
  const [title, setTitle] = useState('');
  const statuses = useStatusChoices(projectId);
  const [chosenStatus, setStatus] = useState<TaskStatus | null>(initialStatus ?? null);
  // To Do, or the project's first status when it has no To Do.
  const status =
    chosenStatus ?? (statuses.find((choice) => choice.key === 'TODO') ?? statuses[0])?.key ?? 'TODO';
  const [assigneeId, setAssigneeId] = useState<string | null>(null);
  const [description, setDescription] = useState('');
  const [due, setDue] = useState<DueFields>({ due_on: null, due_at: null });
  const [startDate, setStartDate] = useState<string | null>(null);
  const [priority, setPriority] = useState<TaskPriority>('NONE');
  const [labelIds, setLabelIds] = useState<string[]>([]);
  // "New task from template" (the palette) opens the dialog on the template picker.
  const [askedForTemplate] = useState(takeTemplateRequest);
  const [template, setTemplate] = useState<TaskTemplateView | null>(null);
  const fromTemplate = useCreateTaskFromTemplate();

  function chooseTemplate(chosen: TaskTemplateView | null) {
    setTemplate(chosen);
    if (chosen) setTitle(templateTitle(chosen));
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (template) {
      fromTemplate.mutate(
        { projectId, input: { template_id: template.template_id, title } },
        {
          onSuccess: () => {
            toastSuccess(t('messages.taskCreated'));
            onDone();
          },
        },
      );
      return;
    }
    createTask.mutate(
      {
        projectId,
        input: {
          title,
          status,
          assignee_id: assigneeId,
          description,
          ...due,
          start_date: startDate,
          priority,
          label_ids: labelIds,
        },
      },
      {
        onSuccess: () => {
          toastSuccess(t('messages.taskCreated'));
          onDone();
        },
      },
    );
  }

  // The dialog stays open on failure and says why, so nothing typed is lost.
  const error = template ? fromTemplate.error : createTask.error;
  const failure = error ? failureMessage(error) : null;

  return (
    <form onSubmit={submit}>
      <Stack gap="md">
        {failure ? (
          <Alert color="red" variant="light" title={t('tasks.notCreated')} role="alert">
            {failure}
          </Alert>
        ) : null}
        <TemplatePicker
          projectId={projectId}
          value={template?.template_id ?? null}
          onChange={chooseTemplate}
          autoFocus={askedForTemplate}
        />
        <TextInput
          label={t('tasks.title')}
          name="title"
          required
          maxLength={500}
          data-autofocus={!askedForTemplate || undefined}
          value={title}
          onChange={(event) => setTitle(event.currentTarget.value)}
        />
        {template ? (
          <TemplateSummary template={template} onRemoved={() => chooseTemplate(null)} />
        ) : (
          <>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
              <Select
                label={t('tasks.status')}
                name="status"
                allowDeselect={false}
                data={statuses.map((choice) => ({ value: choice.key, label: choice.name }))}
                value={status}
                onChange={(value) => value && setStatus(value as TaskStatus)}
                comboboxProps={{ withinPortal: true }}
              />
              <Select
                label={t('tasks.assignee')}
                name="assignee"
                searchable
                clearable
                placeholder={t('messages.selectPlaceholder')}
                nothingFoundMessage={t('messages.selectNoMatch')}
                data={(members.data ?? []).map((member) => ({
                  value: member.user_id,
                  label: memberName(member),
                }))}
                value={assigneeId}
                onChange={setAssigneeId}
                comboboxProps={{ withinPortal: true }}
              />
            </SimpleGrid>
            <StartDateInput value={startDate} onChange={setStartDate} />
            <DueDateInput value={due} onChange={setDue} />
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
              <PrioritySelect
                label={t('tasks.priority')}
                name="priority"
                value={priority}
                onChange={setPriority}
              />
              <TaskLabelsField organizationId={organizationId} value={labelIds} onChange={setLabelIds} />
            </SimpleGrid>
            <Textarea
              label={t('tasks.description')}
              name="description"
              autosize
              minRows={3}
              maxRows={10}
              value={description}
              onChange={(event) => setDescription(event.currentTarget.value)}
            />
          </>
        )}
        {/* The form is taller than a phone's screen: Create and Cancel stay at the bottom of the dialog
            as it scrolls, so a title typed at the top is created without looking for the button. */}
        <DialogButtons
          onCancel={onDone}
          submitLabel={t('tasks.create')}
          pending={createTask.isPending || fromTemplate.isPending}
          gap="sm"
          mt="xs"
          py="xs"
          style={{ position: 'sticky', bottom: 0, zIndex: 1, background: 'var(--mantine-color-body)' }}
        />
      </Stack>
    </form>
  );
}

/** The server's reasons for a refusal (4xx), or the generic failure text (docs/product.md#messages). */
function failureMessage(error: Error): string {
  if (!(error instanceof ApiRequestError) || error.statusCode < 400 || error.statusCode >= 500) {
    return t('messages.saveFailed');
  }
  return error.issues?.length ? error.issues.map((issue) => issue.message).join(' ') : error.message;
}
