import { type BulkTaskFields, STATUS_UNMATCHED } from '@figgle/shared/bulk-task-schemas';
import type { ProjectCustomField } from '@figgle/shared/custom-field-schemas';
import { ESTIMATE_VALUES, type EstimateScale } from '@figgle/shared/estimate';
import { TASK_PRIORITIES } from '@figgle/shared/priority';
import type { PersonView, TaskSummaryView } from '@figgle/shared/task-schemas';
import { TRASH_DAYS } from '@figgle/shared/trash-schemas';
import { ActionIcon, Button, Group, Menu, Paper, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { IconChevronDown, IconTrash, IconX } from '@tabler/icons-react';
import { type ReactNode, useMemo, useState } from 'react';
import { ApiRequestError } from '../../../../lib/api-client';
import { t } from '../../../../lib/i18n/i18n';
import { useMembers } from '../../../../shared/api/list-members';
import type { ValuesByTask } from '../../../../shared/api/list-project-custom-fields';
import { useStatusChoices } from '../../../../shared/api/list-project-statuses';
import { confirm } from '../../../../ui/confirm/confirm-service';
import { toastError, toastSuccess } from '../../../../ui/toast';
import { toastUndo } from '../../../../ui/undo-toast';
import { useBulkChangeTasks } from '../../api/bulk-change-tasks';
import { useBulkDeleteTasks } from '../../api/bulk-delete-tasks';
import { priorityLabel } from '../labels';
import { memberName } from '../member-name';
import { StatusDot } from '../status-dot';
import classes from './bulk-bar.module.css';
import { BulkCycleMenu } from './bulk-cycle-menu';
import { BulkFieldButton } from './bulk-field-button';
import { BulkLabelsMenu } from './bulk-labels-menu';
import { BulkMoveMenu, BulkStatusQuestion } from './bulk-move-menu';
import { BulkPopover } from './bulk-popover';
import { type BulkField, changedTasksMessage, undoGroups } from './bulk-undo';

export interface BulkBarProps {
  /** The ticked tasks, in list order. */
  tasks: readonly TaskSummaryView[];
  /**
   * The tasks' organization; null when they are of several (My tasks): the assignee, labels, field
   * and move, which are an organization's, are left out then.
   */
  organizationId: string | null;
  onClear: () => void;
  /** The estimate scale of the tasks' one project: with one, "Estimate" is offered. */
  estimateScale?: EstimateScale;
  /** The custom fields on in the tasks' one project, and its tasks' values (for the undo). */
  customFields?: readonly ProjectCustomField[];
  valuesByTask?: ValuesByTask;
}

/** A move that waits for the person to say where the statuses without a match go. */
interface StatusQuestion {
  projectId: string;
  projectName: string;
  names: string[];
}

/**
 * The bar that appears while rows are ticked: set the status, assignee, priority, labels, due date,
 * estimate, a custom field or the cycle (tasks of one project that plans in cycles) of all of them,
 * or move them to another project, in one request, then "Changed 24 tasks" with Undo for 10 s. The
 * rows stay ticked, so another field can follow.
 */
export function BulkBar({
  tasks,
  organizationId,
  onClear,
  estimateScale = 'none',
  customFields,
  valuesByTask,
}: BulkBarProps) {
  const bulkChange = useBulkChangeTasks();
  const bulkDelete = useBulkDeleteTasks();
  const [question, setQuestion] = useState<StatusQuestion | null>(null);
  const members = useMembers(organizationId ?? undefined);
  // The statuses of the tasks' project when they share one (a project's list), else the four first.
  const projectId = tasks.every((task) => task.project_id === tasks[0]?.project_id)
    ? tasks[0]?.project_id
    : undefined;
  const statuses = useStatusChoices(projectId);
  const people = useMemo(
    () =>
      new Map<string, PersonView>(
        (members.data ?? []).map(({ user_id, firstname, lastname }) => [
          user_id,
          { user_id, firstname, lastname },
        ]),
      ),
    [members.data],
  );
  const count = tasks.length;

  async function apply(field: BulkField, changes: BulkTaskFields, done?: string) {
    const undo = undoGroups(tasks, field);
    const taskIds = tasks.map((task) => task.task_id);
    // Awaited for the same reason as a delete: a change may take the rows out of the list shown
    // (a status the filters hide, another project), and the Undo toast must still come.
    try {
      await bulkChange.mutateAsync({ groups: [{ task_ids: taskIds, changes }], people });
    } catch (error) {
      const unmatched = unmatchedStatuses(error);
      if (unmatched && changes.project_id) {
        setQuestion({
          projectId: changes.project_id,
          projectName: done ?? t('tasks.bulkTheProject'),
          names: unmatched,
        });
      } else {
        toastError(refusal(error));
      }
      return;
    }
    const message = done
      ? t('tasks.bulkMoved', { count: taskIds.length, project: done })
      : changedTasksMessage(taskIds.length);
    toastUndo(message, () => bulkChange.mutate({ groups: undo, people }));
  }

  // A delete has no Undo here: it asks first, and says where the tasks go (Settings › Trash).
  async function remove() {
    const taskIds = tasks.map((task) => task.task_id);
    const confirmed = await confirm({
      title: t('tasks.bulkDeleteTitle', { count: taskIds.length }),
      text: t('tasks.bulkDeleteText', { days: TRASH_DAYS }),
      confirmLabel: t('tasks.bulkDelete'),
    });
    if (!confirmed) return;
    // Awaited, not mutate's onSuccess: the deleted rows' live events may reach the list before the
    // answer, unticking them and unmounting this bar, and mutate drops the callbacks of an unmounted
    // component, so the toast would never show.
    try {
      await bulkDelete.mutateAsync(taskIds);
    } catch (error) {
      toastError(refusal(error));
      return;
    }
    onClear();
    toastSuccess(t('tasks.bulkDeleted', { count: taskIds.length }));
  }

  return (
    <Paper
      withBorder
      shadow="md"
      radius="md"
      className={classes.bar}
      role="toolbar"
      aria-label={t('tasks.bulkBarLabel', { count })}
    >
      <Group gap="xs" wrap="wrap" justify="center">
        <Text size="sm" fw={600} className={classes.count} aria-live="polite">
          {t('tasks.bulkSelected', { count })}
        </Text>
        <FieldMenu label={t('tasks.status')}>
          {statuses.map((status) => (
            <Menu.Item
              key={status.key}
              leftSection={<StatusDot status={status.key} color={status.color} />}
              onClick={() => void apply('status', { status: status.key })}
            >
              {status.name}
            </Menu.Item>
          ))}
        </FieldMenu>
        {organizationId ? (
          <FieldMenu label={t('tasks.assignee')}>
            <ScrollArea.Autosize mah={280} type="auto">
              <Menu.Item onClick={() => void apply('assignee', { assignee_id: null })}>
                {t('tasks.bulkNobody')}
              </Menu.Item>
              {[...people.values()].map((person) => (
                <Menu.Item
                  key={person.user_id}
                  onClick={() => void apply('assignee', { assignee_id: person.user_id })}
                >
                  {memberName(person)}
                </Menu.Item>
              ))}
            </ScrollArea.Autosize>
          </FieldMenu>
        ) : null}
        <FieldMenu label={t('tasks.priority')}>
          {TASK_PRIORITIES.map((priority) => (
            <Menu.Item key={priority} onClick={() => void apply('priority', { priority })}>
              {priorityLabel(priority)}
            </Menu.Item>
          ))}
        </FieldMenu>
        {organizationId ? (
          <BulkLabelsMenu
            organizationId={organizationId}
            onSet={(changes) => void apply('labels', changes)}
          />
        ) : null}
        <DueDateButton onSet={(dueOn) => void apply('due', { due_on: dueOn })} />
        {estimateScale !== 'none' ? (
          <FieldMenu label={t('tasks.estimate')}>
            {ESTIMATE_VALUES[estimateScale].map((estimate) => (
              <Menu.Item key={estimate} onClick={() => void apply('estimate', { estimate })}>
                {estimate}
              </Menu.Item>
            ))}
            <Menu.Item onClick={() => void apply('estimate', { estimate: null })}>
              {t('tasks.noEstimate')}
            </Menu.Item>
          </FieldMenu>
        ) : null}
        {organizationId && customFields?.length ? (
          <BulkFieldButton
            fields={customFields}
            organizationId={organizationId}
            onSet={(fieldId, value) =>
              void apply(
                { fieldId, valueOf: (taskId) => valuesByTask?.get(taskId)?.get(fieldId) ?? null },
                { custom_value: { field_id: fieldId, value } },
              )
            }
          />
        ) : null}
        <BulkCycleMenu tasks={tasks} onSet={(cycleId) => void apply('cycle', { cycle_id: cycleId })} />
        {organizationId ? (
          <BulkMoveMenu
            tasks={tasks}
            organizationId={organizationId}
            onMove={({ projectId, name }) => void apply('project', { project_id: projectId }, name)}
          />
        ) : null}
        <Button
          size="compact-sm"
          variant="subtle"
          color="red"
          leftSection={<IconTrash size={14} aria-hidden />}
          onClick={() => void remove()}
        >
          {t('tasks.bulkDelete')}
        </Button>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={t('tasks.clearSelection')}
          title={t('tasks.clearSelection')}
          onClick={onClear}
        >
          <IconX size={16} aria-hidden />
        </ActionIcon>
      </Group>
      {question ? (
        <BulkStatusQuestion
          {...question}
          onCancel={() => setQuestion(null)}
          onAnswer={(statusMap) => {
            setQuestion(null);
            void apply(
              'project',
              { project_id: question.projectId, status_map: statusMap },
              question.projectName,
            );
          }}
        />
      ) : null}
    </Paper>
  );
}

/** The statuses a refused move names as having no match in the project, or null for another refusal. */
function unmatchedStatuses(error: unknown): string[] | null {
  if (!(error instanceof ApiRequestError) || error.code !== STATUS_UNMATCHED) return null;
  const prefix = 'status_map.';
  const names = (error.issues ?? [])
    .filter((issue) => issue.path.startsWith(prefix))
    .map((issue) => issue.path.slice(prefix.length));
  return names.length > 0 ? names : null;
}

/** The server's own words for a change it refused as such; else that it could not be saved. */
function refusal(error: unknown): string {
  return error instanceof ApiRequestError && error.statusCode >= 400 && error.statusCode < 500
    ? error.message
    : t('messages.saveFailed');
}

function FieldMenu({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Menu position="top" withinPortal shadow="md">
      <Menu.Target>
        <Button size="compact-sm" variant="default" rightSection={<IconChevronDown size={14} aria-hidden />}>
          {label}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>{children}</Menu.Dropdown>
    </Menu>
  );
}

/** A day for every selected task, or none: the browser's own date field, as small as it gets. */
function DueDateButton({ onSet }: { onSet: (dueOn: string | null) => void }) {
  const [opened, setOpened] = useState(false);
  const [day, setDay] = useState('');
  const done = (dueOn: string | null) => {
    setOpened(false);
    onSet(dueOn);
  };
  return (
    <BulkPopover label={t('tasks.dueDate')} opened={opened} setOpened={setOpened}>
      <Stack gap="xs">
        <TextInput
          type="date"
          size="xs"
          label={t('tasks.bulkDueLabel')}
          value={day}
          onChange={(event) => setDay(event.currentTarget.value)}
        />
        <Group gap="xs" justify="space-between">
          <Button size="compact-sm" variant="subtle" color="gray" onClick={() => done(null)}>
            {t('tasks.clearDueDate')}
          </Button>
          <Button size="compact-sm" disabled={!day} onClick={() => done(day)}>
            {t('tasks.setDueDate')}
          </Button>
        </Group>
      </Stack>
    </BulkPopover>
  );
}
