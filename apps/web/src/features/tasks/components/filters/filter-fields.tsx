import { ESTIMATE_VALUES, ESTIMATES, type EstimateScale } from '@figgle/shared/estimate';
import { TASK_PRIORITIES, type TaskPriority } from '@figgle/shared/priority';
import {
  Checkbox,
  ColorSwatch,
  Group,
  Input,
  ScrollArea,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { t } from '../../../../lib/i18n/i18n';
import { useMe } from '../../../../shared/api/get-me';
import { useMembers } from '../../../../shared/api/list-members';
import { DEFAULT_STATUS_CHOICES, type StatusChoice } from '../../../../shared/api/list-project-statuses';
import { priorityLabel } from '../labels';
import { memberName } from '../member-name';
import {
  DUE_FILTERS,
  type DueFilter,
  type EstimateFilter,
  FILTER_TEXT_MAX,
  type ParentFilter,
  START_FILTERS,
  type StartFilter,
  type TaskFilters,
} from './task-filters';

/** The names of the fixed choices, in the person's language (read once: a language change reloads). */
function fixedNames() {
  const due: Record<DueFilter, string> = {
    overdue: t('tasks.filterOverdue'),
    week: t('tasks.filterThisWeek'),
    none: t('tasks.noDate'),
  };
  const start: Record<StartFilter, string> = {
    started: t('tasks.filterStarted'),
    later: t('tasks.filterStartsLater'),
    none: t('tasks.filterNoStartDate'),
  };
  const priority = Object.fromEntries(
    TASK_PRIORITIES.map((value) => [value, priorityLabel(value)]),
  ) as Record<TaskPriority, string>;
  const estimate = Object.fromEntries([
    ...ESTIMATES.map((value) => [value, value]),
    ['none', t('tasks.noEstimate')],
  ]) as Record<EstimateFilter, string>;
  return { due, start, priority, estimate };
}

/** A label as the view's tasks carry it. */
export interface ViewLabel {
  label_id: string;
  name: string;
  color: string;
}

/** A task offered in "Sub-task of": its id, and its reference and title as shown ("WEB-12 Checkout"). */
export interface ParentChoice {
  value: string;
  label: string;
}

export interface FilterFieldsProps {
  /** The project's statuses in board order (the four first ones when absent). */
  statuses?: readonly StatusChoice[];
  filters: TaskFilters;
  setFilters: (filters: TaskFilters) => void;
  organizationId?: string;
  /** The labels to offer; null when tasks carry no planning fields. */
  labels: ViewLabel[] | null;
  /** The project's estimate scale: its values are offered, with "No estimate". */
  estimateScale?: EstimateScale;
  /** The view's tasks that have sub-tasks, for "Sub-task of …"; null: no parent filter (no such field). */
  parentChoices: ParentChoice[] | null;
}

type SetFilter = <Kind extends keyof TaskFilters>(kind: Kind, value: TaskFilters[Kind]) => void;

/**
 * What the Filters popover holds; its own chunk, fetched when the button is reached. Each kind of
 * filter is drawn by a memoized part given a stable setter: a key typed in the text field redraws
 * the field, not the twenty checkboxes (React sets every input's type and name again when it
 * redraws one, which measured a fifth of a filter's time on a 5,000-task board, bench/board-filter).
 */
export function FilterFields({
  filters,
  setFilters,
  organizationId,
  labels,
  estimateScale,
  parentChoices,
  statuses = DEFAULT_STATUS_CHOICES,
}: FilterFieldsProps) {
  const names = useMemo(fixedNames, []);
  const statusKeys = useMemo(() => statuses.map((status) => status.key), [statuses]);
  const statusNames = useMemo(
    () => Object.fromEntries(statuses.map((status) => [status.key, status.name])),
    [statuses],
  );
  const latest = useRef({ filters, setFilters });
  latest.current = { filters, setFilters };
  const set = useCallback<SetFilter>((kind, value) => {
    const { filters: current, setFilters: apply } = latest.current;
    apply({ ...current, [kind]: value });
  }, []);
  return (
    <Stack gap="md">
      <FilterText value={filters.text} set={set} />
      <FixedChoices
        label={t('tasks.status')}
        kind="statuses"
        choices={statusKeys}
        names={statusNames}
        value={filters.statuses}
        set={set}
      />
      {organizationId ? (
        <AssigneeChoices organizationId={organizationId} value={filters.assignees} set={set} />
      ) : null}
      {labels ? (
        <>
          <FixedChoices
            label={t('tasks.priority')}
            kind="priorities"
            choices={TASK_PRIORITIES}
            names={names.priority}
            value={filters.priorities}
            set={set}
          />
          <FixedChoices
            label={t('tasks.filterDue')}
            kind="due"
            choices={DUE_FILTERS}
            names={names.due}
            value={filters.due}
            set={set}
            stacked
          />
          <FixedChoices
            label={t('tasks.filterStart')}
            kind="start"
            choices={START_FILTERS}
            names={names.start}
            value={filters.start}
            set={set}
            stacked
          />
          {estimateScale && estimateScale !== 'none' ? (
            <FixedChoices
              label={t('tasks.estimate')}
              kind="estimates"
              choices={estimateChoices(estimateScale)}
              names={names.estimate}
              value={filters.estimates}
              set={set}
            />
          ) : null}
          <LabelChoices labels={labels} value={filters.labels} set={set} />
        </>
      ) : null}
      {parentChoices ? <ParentChoices choices={parentChoices} value={filters.parents} set={set} /> : null}
    </Stack>
  );
}

/** The kinds of filter that are a fixed list of named values: statuses, priorities, due and start dates, estimates. */
type FixedKind = 'statuses' | 'priorities' | 'due' | 'start' | 'estimates';

/** A scale's values, smallest first, then "No estimate" (one list per scale, so the memo holds). */
const ESTIMATE_CHOICES: Record<Exclude<EstimateScale, 'none'>, readonly EstimateFilter[]> = {
  points: [...ESTIMATE_VALUES.points, 'none'],
  tshirt: [...ESTIMATE_VALUES.tshirt, 'none'],
};
const estimateChoices = (scale: Exclude<EstimateScale, 'none'>) => ESTIMATE_CHOICES[scale];

/** A fixed list of choices, in two columns, or one when `stacked`. */
const FixedChoices = memo(function FixedChoices<Value extends string>({
  label,
  kind,
  choices,
  names,
  value,
  set,
  stacked = false,
}: {
  label: string;
  kind: FixedKind;
  /** In the order shown. */
  choices: readonly Value[];
  names: Readonly<Record<Value, string>>;
  value: readonly Value[];
  set: SetFilter;
  stacked?: boolean;
}) {
  const boxes = choices.map((choice) => (
    <Checkbox key={choice} value={choice} label={names[choice]} size="xs" />
  ));
  return (
    <Checkbox.Group
      label={label}
      value={value as Value[]}
      onChange={(values) => set(kind, values as TaskFilters[FixedKind])}
    >
      {stacked ? (
        <Stack gap={6} mt={6}>
          {boxes}
        </Stack>
      ) : (
        <SimpleGrid cols={2} spacing={6} verticalSpacing={6} mt={6}>
          {boxes}
        </SimpleGrid>
      )}
    </Checkbox.Group>
  );
});

const LabelChoices = memo(function LabelChoices({
  labels,
  value,
  set,
}: {
  labels: ViewLabel[];
  value: string[];
  set: SetFilter;
}) {
  return (
    <Checkbox.Group label={t('tasks.bulkLabels')} value={value} onChange={(values) => set('labels', values)}>
      {labels.length === 0 ? (
        <Text size="xs" c="dimmed" mt={4}>
          {t('tasks.filterNoLabels')}
        </Text>
      ) : (
        <ScrollArea.Autosize mah={150} mt={6} type="auto" offsetScrollbars>
          <Stack gap={6}>
            {labels.map((label) => (
              <Checkbox
                key={label.label_id}
                value={label.label_id}
                size="xs"
                label={
                  <Group gap={6} wrap="nowrap" component="span">
                    <ColorSwatch
                      component="span"
                      size={10}
                      color={`var(--mantine-color-${label.color}-filled)`}
                      withShadow={false}
                      aria-hidden
                    />
                    {label.name}
                  </Group>
                }
              />
            ))}
          </Stack>
        </ScrollArea.Autosize>
      )}
    </Checkbox.Group>
  );
});

/**
 * The text filter: what is typed shows at once and goes to the address as it is typed; the field
 * follows the address only when something else changed it (Clear filters, Back).
 */
const FilterText = memo(function FilterText({ value, set }: { value: string; set: SetFilter }) {
  const [typed, setTyped] = useState(value);
  // What this field sent to the address and has not seen come back: an older one arriving late is
  // an echo of the typing, not a change to show.
  const sent = useRef<string[]>([]);
  useEffect(() => {
    const at = sent.current.indexOf(value);
    if (at >= 0) {
      sent.current = sent.current.slice(at + 1);
      return;
    }
    sent.current = [];
    setTyped(value);
  }, [value]);
  return (
    <TextInput
      label={t('tasks.filterText')}
      placeholder={t('tasks.filterTextPlaceholder')}
      value={typed}
      maxLength={FILTER_TEXT_MAX}
      data-autofocus
      onChange={(event) => {
        const text = event.currentTarget.value;
        setTyped(text);
        // The address keeps no text made of spaces only.
        sent.current.push(text.trim() ? text : '');
        set('text', text);
      }}
    />
  );
});

const AssigneeChoices = memo(function AssigneeChoices({
  organizationId,
  value,
  set,
}: {
  organizationId: string;
  value: string[];
  set: SetFilter;
}) {
  const members = useMembers(organizationId);
  const me = useMe();
  const others = useMemo(
    () =>
      (members.data ?? [])
        .filter((member) => member.user_id !== me.data?.user_id)
        .sort((a, b) => memberName(a).localeCompare(memberName(b))),
    [members.data, me.data?.user_id],
  );
  return (
    <Checkbox.Group label={t('tasks.assignee')} value={value} onChange={(values) => set('assignees', values)}>
      <ScrollArea.Autosize mah={170} mt={6} type="auto" offsetScrollbars>
        <Stack gap={6}>
          <Checkbox value="me" label={t('tasks.filterMe')} size="xs" />
          <Checkbox value="none" label={t('tasks.bulkNobody')} size="xs" />
          {others.map((member) => (
            <Checkbox key={member.user_id} value={member.user_id} label={memberName(member)} size="xs" />
          ))}
        </Stack>
      </ScrollArea.Autosize>
    </Checkbox.Group>
  );
});

/**
 * "Has no parent" and "Sub-task of …" (one task, found by reference or title among those with
 * sub-tasks); both on lets through the top-level tasks and that task's sub-tasks.
 */
const ParentChoices = memo(function ParentChoices({
  choices,
  value,
  set,
}: {
  choices: ParentChoice[];
  value: ParentFilter[];
  set: SetFilter;
}) {
  const none = value.includes('none');
  const of = value.find((parent) => parent !== 'none') ?? null;
  // A task chosen by a link that is not offered here (another project's) is still shown as chosen.
  const data = useMemo(
    () =>
      of === null || choices.some((choice) => choice.value === of)
        ? choices
        : [{ value: of, label: t('tasks.filterTaskNotInView') }, ...choices],
    [choices, of],
  );
  const update = (nextNone: boolean, nextOf: string | null) =>
    set('parents', [...(nextNone ? ['none'] : []), ...(nextOf ? [nextOf] : [])]);
  // The field's text follows the chosen task; deleting it all clears the choice, so the keyboard
  // can (Mantine's clear button is for the mouse only).
  const chosenLabel = data.find((choice) => choice.value === of)?.label ?? '';
  const [search, setSearch] = useState(chosenLabel);
  useEffect(() => setSearch(chosenLabel), [chosenLabel]);
  return (
    <Stack gap={6}>
      <Input.Label component="div">{t('tasks.filterParent')}</Input.Label>
      <Checkbox
        label={t('tasks.filterNoParent')}
        size="xs"
        checked={none}
        onChange={(event) => update(event.currentTarget.checked, of)}
      />
      <Select
        label={t('tasks.filterSubtaskOf')}
        size="xs"
        placeholder={t('messages.selectPlaceholder')}
        data={data}
        value={of}
        onChange={(next) => update(none, next)}
        searchable
        searchValue={search}
        onSearchChange={(text) => {
          setSearch(text);
          if (text === '' && of !== null) update(none, null);
        }}
        clearable
        limit={50}
        nothingFoundMessage={t('messages.selectNoMatch')}
        // Inside the popover: an option in a portal of its own would count as a click outside it.
        comboboxProps={{ withinPortal: false }}
      />
    </Stack>
  );
});
