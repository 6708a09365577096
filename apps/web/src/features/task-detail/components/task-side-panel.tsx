import type { PersonView, TaskDetailView } from '@figgle/shared/task-schemas';
import { Anchor, Group, Paper, Select, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { intlLocale, t } from '../../../lib/i18n/i18n';
import { relativeTime } from '../../../lib/relative-time';
import { useTaskStructure } from '../../../shared/api/get-task-structure';
import { useMembers } from '../../../shared/api/list-members';
import { statusChoiceOf, useStatusChoices } from '../../../shared/api/list-project-statuses';
import { useUpdateTask } from '../../../shared/api/update-task';
import { CustomFieldsSection } from '../../../shared/custom-values/custom-fields-section';
import { paths } from '../../../shared/paths';
import { TaskSections } from '../../../shared/task-sections';
import { confirmDoneWhenBlocked } from '../../../ui/planning/confirm-done-when-blocked';
import { ProjectEmoji } from '../../../ui/project-emoji';
import { useAfterPaint } from '../hooks/use-after-paint';
import { AuthorMark, personName } from './author-mark';
import { CycleField } from './cycle-field';
import { DesignsSection } from './designs/designs-section';
import { FigmaNodeSlot } from './figma-node-slot';
import { MilestoneField } from './milestone-field';
import classes from './task-detail.module.css';
import { TaskPlanningFields } from './task-planning-fields';
import { openBlockersOf } from './task-relations';
import { WatchToggle } from './watch-toggle';

const NONE = 'none';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={classes.field}>
      <Text component="dt" size="xs" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text component="dd" size="sm" m={0}>
        {children}
      </Text>
    </div>
  );
}

function Person({ person, fallback }: { person: PersonView | null; fallback: string }) {
  return (
    <Group gap={6} wrap="nowrap" component="span">
      <AuthorMark person={person} size={20} />
      <span>{personName(person, fallback)}</span>
    </Group>
  );
}

function Moment({ at }: { at: string }) {
  return (
    <time dateTime={at} title={new Date(at).toLocaleString(intlLocale())}>
      {relativeTime(at)}
    </time>
  );
}

/**
 * What the panel's first frame shows in place of its fields: their labels over empty boxes of the
 * fields' size, plain elements hidden from assistive technology (the fields come a frame later).
 */
function PanelPlaceholder() {
  const labels = [
    t('task-detail.status'),
    t('task-detail.assignee'),
    t('ui.startDate'),
    t('ui.dueDate'),
    t('ui.dueTime'),
    t('task-detail.priority'),
    t('ui.labels'),
    t('task-detail.milestone'),
  ];
  return (
    <div className={classes.placeholder} aria-hidden="true" data-panel-placeholder>
      <div className={classes.placeholderWatch} />
      {labels.map((label) => (
        <div key={label}>
          <div className={classes.placeholderLabel}>{label}</div>
          <div className={classes.placeholderBox} />
        </div>
      ))}
    </div>
  );
}

/**
 * Status, assignee, due date, priority and labels, then the task's facts (docs/product.md#task-page).
 * Its fields (a dozen Mantine selects and pickers, each with its dropdown kept in the page, and the
 * eight reads they start) are drawn after the page's first paint, in a render React interrupts for
 * the sub-tasks' rows (docs/machinery/task-page-load.md); until then, their labels over empty boxes.
 */
export function TaskSidePanel({ task }: { task: TaskDetailView }) {
  const painted = useAfterPaint();
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="aside"
      aria-label={t('task-detail.taskDetails')}
      data-task-panel
      className={classes.panel}
    >
      {painted ? <TaskSidePanelFields task={task} /> : <PanelPlaceholder />}
    </Paper>
  );
}

function TaskSidePanelFields({ task }: { task: TaskDetailView }) {
  const update = useUpdateTask();
  const structure = useTaskStructure(task.task_id);
  const members = useMembers(task.project.organization_id);
  const statuses = useStatusChoices(task.project.project_id);
  const people: PersonView[] = (members.data ?? []).map(({ user_id, firstname, lastname }) => ({
    user_id,
    firstname,
    lastname,
  }));
  if (task.assignee && !people.some((person) => person.user_id === task.assignee?.user_id))
    people.push(task.assignee);
  const assigneeOptions = [
    { value: NONE, label: t('task-detail.none') },
    ...people.map((person) => ({ value: person.user_id, label: personName(person) })),
  ];
  const author = task.author ?? null;

  return (
    <Stack gap="md">
      <WatchToggle taskId={task.task_id} />
      <Select
        label={t('task-detail.status')}
        data-field-key="status"
        size="sm"
        allowDeselect={false}
        data={statuses.map((status) => ({ value: status.key, label: status.name }))}
        value={task.status}
        onChange={async (value) => {
          if (!value || value === task.status) return;
          if (
            statusChoiceOf(statuses, value).category === 'done' &&
            statusChoiceOf(statuses, task.status).category !== 'done' &&
            !(await confirmDoneWhenBlocked(
              openBlockersOf(structure.data).length,
              `${task.project.trigram}-${task.reference}`,
            ))
          )
            return;
          update.mutate({ taskId: task.task_id, changes: { status: value } });
        }}
        comboboxProps={{ withinPortal: true }}
      />
      <Select
        label={t('task-detail.assignee')}
        data-field-key="assignee"
        size="sm"
        searchable
        allowDeselect={false}
        nothingFoundMessage={t('messages.selectNoMatch')}
        placeholder={t('messages.selectPlaceholder')}
        data={assigneeOptions}
        // The current name is selected on focus (the "a" key puts it there), so typing replaces it.
        onFocus={(event) => event.currentTarget.select()}
        value={task.assignee?.user_id ?? NONE}
        onChange={(value) => {
          const next =
            value === NONE || value === null ? null : (people.find((p) => p.user_id === value) ?? null);
          if ((next?.user_id ?? null) === (task.assignee?.user_id ?? null)) return;
          update.mutate({
            taskId: task.task_id,
            changes: { assignee_id: next?.user_id ?? null },
            assignee: next,
          });
        }}
        leftSection={task.assignee ? <AuthorMark person={task.assignee} size={18} /> : null}
        comboboxProps={{ withinPortal: true }}
      />
      <TaskPlanningFields task={task} />
      <MilestoneField task={task} />
      <CycleField task={task} />
      <CustomFieldsSection
        taskId={task.task_id}
        projectId={task.project_id}
        organizationId={task.project.organization_id}
      />
      <TaskSections task={task} />
      <dl className={classes.facts}>
        <Field label={t('task-detail.project')}>
          <Anchor component={Link} to={paths.projectList(task.project.project_id)} size="sm">
            <Group gap={6} wrap="nowrap" component="span">
              <ProjectEmoji emoji={task.project.emoji} size="xs" />
              <span>{task.project.name}</span>
            </Group>
          </Anchor>
        </Field>
        <Field label={t('task-detail.author')}>
          <Person
            person={author}
            fallback={task.author_name || (task.is_from_figma ? 'Figma' : t('task-detail.unknownAuthor'))}
          />
        </Field>
        <Field label={t('task-detail.created')}>
          <Moment at={task.created_at} />
        </Field>
        <Field label={t('task-detail.updated')}>
          <Moment at={task.updated_at} />
        </Field>
        <Field label={t('task-detail.lastModifiedBy')}>
          {task.last_modifier ? <Person person={task.last_modifier} fallback="" /> : '—'}
        </Field>
        <Field label={t('task-detail.reference')}>
          #{task.reference} · {task.project.trigram.toUpperCase()}-{task.reference}
        </Field>
      </dl>
      <FigmaNodeSlot task={task} />
      <DesignsSection taskId={task.task_id} />
    </Stack>
  );
}
