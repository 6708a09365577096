import { parseRecurrence, WEEKDAY_CODES, type WeekdayCode } from '@figgle/shared/recurrence';
import type { TaskDetailView } from '@figgle/shared/task-schemas';
import { Anchor, Button, Chip, Group, NumberInput, Select, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { intlLocale, t, tRich } from '../../../lib/i18n/i18n';
import { paths } from '../../../shared/paths';
import { useTaskRecurrence } from '../api/get-task-recurrence';
import { useSetTaskRecurrence } from '../api/set-task-recurrence';
import { useStopTaskRecurrence } from '../api/stop-task-recurrence';
import { recurrenceWords } from './recurrence-words';
import {
  changed,
  choiceOf,
  inputFor,
  intervalUnit,
  type RepeatChoice,
  repeatChoices,
} from './repeat-choices';

/** A weekday's name in the chosen language ("Mon" / "Monday"): 2024-01-01 was a Monday. */
function weekdayName(day: WeekdayCode, weekday: 'short' | 'long'): string {
  const date = new Date(Date.UTC(2024, 0, 1 + WEEKDAY_CODES.indexOf(day)));
  return new Intl.DateTimeFormat(intlLocale(), { weekday, timeZone: 'UTC' }).format(date);
}

function localToday(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/** The day a new rule is built on: the task's due day, or today. */
function anchorDay(task: TaskDetailView): string {
  if (task.due_on) return task.due_on;
  if (task.due_at) {
    const due = new Date(task.due_at);
    return `${due.getFullYear()}-${String(due.getMonth() + 1).padStart(2, '0')}-${String(due.getDate()).padStart(2, '0')}`;
  }
  return localToday();
}

function longDay(day: string): string {
  return new Date(`${day}T12:00:00`).toLocaleDateString(intlLocale(), {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });
}

/**
 * How the task repeats (docs/product.md#recurring-tasks): the Repeat field, the interval and the
 * weekdays, "Repeats every Monday" with the next date, and Stop repeating. When the task was
 * completed and its next occurrence made, a link to that one.
 */
export function RecurrenceSection({ task }: { task: TaskDetailView }) {
  const answer = useTaskRecurrence(task.task_id);
  const set = useSetTaskRecurrence(task.task_id);
  const stop = useStopTaskRecurrence(task.task_id);
  const recurrence = answer.data?.recurrence ?? null;
  const next = answer.data?.next_task ?? null;
  const choice: RepeatChoice = recurrence ? choiceOf(recurrence.rrule, recurrence.after_completion) : 'none';
  const rule = recurrence ? parseRecurrence(recurrence.rrule) : null;
  const busy = set.isPending || stop.isPending;

  return (
    <Stack gap={6} component="section" aria-label={t('recurring-tasks.repetition')}>
      <Select
        label={t('recurring-tasks.repeat')}
        size="sm"
        allowDeselect={false}
        disabled={answer.isPending}
        data={repeatChoices()}
        value={choice}
        onChange={(value) => {
          if (!value || value === choice) return;
          if (value === 'none') stop.mutate();
          else
            set.mutate(
              inputFor(value as Exclude<RepeatChoice, 'none'>, anchorDay(task), rule?.interval ?? 1),
            );
        }}
        comboboxProps={{ withinPortal: true }}
      />
      {recurrence && rule && choice !== 'none' ? (
        <>
          <NumberInput
            key={`${recurrence.rrule}-${recurrence.after_completion}`}
            label={t('recurring-tasks.every')}
            size="xs"
            min={1}
            max={999}
            allowDecimal={false}
            allowNegative={false}
            defaultValue={rule.interval}
            rightSection={
              <Text size="xs" c="dimmed" pr="xs">
                {intervalUnit(choice, rule.interval)}
              </Text>
            }
            rightSectionWidth={64}
            onKeyDown={(event) => {
              if (event.key === 'Enter') event.currentTarget.blur();
            }}
            onBlur={(event) => {
              const interval = Number(event.currentTarget.value);
              if (!Number.isInteger(interval) || interval < 1 || interval === rule.interval) return;
              set.mutate(changed(recurrence.rrule, recurrence.after_completion, { interval }));
            }}
          />
          {rule.freq === 'WEEKLY' ? (
            <Chip.Group
              multiple
              value={rule.byDay.length > 0 ? rule.byDay : []}
              onChange={(days) => {
                if (days.length === 0) return;
                const byDay = WEEKDAY_CODES.filter((day) => days.includes(day));
                set.mutate(changed(recurrence.rrule, recurrence.after_completion, { byDay }));
              }}
            >
              <Group gap={4} role="group" aria-label={t('recurring-tasks.repeatOn')}>
                {WEEKDAY_CODES.map((day) => (
                  <Chip key={day} value={day} size="xs" aria-label={weekdayName(day, 'long')} disabled={busy}>
                    {weekdayName(day, 'short')}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
          ) : null}
          <Text size="sm" data-testid="recurrence-words">
            {recurrenceWords(rule, recurrence.starts_on, recurrence.after_completion)}
          </Text>
          <Text size="xs" c="dimmed">
            {recurrence.next_due_on
              ? t('recurring-tasks.nextDue', {
                  date: longDay(recurrence.next_due_on),
                  zone: recurrence.time_zone,
                })
              : t('recurring-tasks.lastOne')}
          </Text>
          <Group>
            <Button
              size="compact-xs"
              variant="subtle"
              color="gray"
              disabled={busy}
              onClick={() => stop.mutate()}
            >
              {t('recurring-tasks.stopRepeating')}
            </Button>
          </Group>
        </>
      ) : null}
      {next ? (
        <Text size="xs">
          {tRich('recurring-tasks.nextOccurrence', {
            reference: `${next.trigram.toUpperCase()}-${next.reference}`,
            link: (chunks) => (
              <Anchor key="next" component={Link} to={paths.task(next.task_id)} size="xs">
                {chunks}
              </Anchor>
            ),
          })}
        </Text>
      ) : null}
    </Stack>
  );
}
