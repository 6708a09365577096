import { ActionIcon, Anchor, Group, Menu, Text, Title } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import { Link } from 'react-router';
import { t } from '../../../lib/i18n/i18n';
import { paths } from '../../../shared/paths';
import { listOf, longDay, mondayOf, shortDay } from './days';
import classes from './timeline.module.css';
import type { Bar, TimelineLayout } from './timeline-model';

/**
 * The narrow screen's timeline (≤ 600 px): no bars, a list by the week each task starts in, with its
 * days and the late mark in words; the tasks without dates last. Each dated task's "…" menu offers
 * "Add dependency…", the narrow screen's way to draw an arrow.
 */
export function WeekList({
  layout,
  onAddDependency,
}: {
  layout: TimelineLayout;
  onAddDependency: (taskId: string) => void;
}) {
  const weeks = new Map<number, Bar[]>();
  for (const bar of layout.bars.values()) {
    const monday = mondayOf(bar.start);
    weeks.set(monday, [...(weeks.get(monday) ?? []), bar]);
  }
  const ordered = [...weeks.entries()].sort(([a], [b]) => a - b);
  return (
    <section aria-label={t('timeline.byWeek')}>
      {ordered.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('timeline.noTaskDated')}
        </Text>
      ) : null}
      <ul className={classes.weeks}>
        {ordered.map(([monday, bars]) => (
          <li key={monday}>
            <Title order={2} fz="sm" fw={650} mb={4}>
              {t('timeline.weekOf', { day: longDay(monday) })}
            </Title>
            <ul className={classes.weekTasks}>
              {bars
                .sort((a, b) => a.start - b.start || a.task.reference - b.task.reference)
                .map((bar) => (
                  <li key={bar.task.task_id} className={classes.weekTask}>
                    <Anchor component={Link} to={paths.task(bar.task.task_id)} size="sm">
                      {bar.label} {bar.task.title}
                    </Anchor>
                    {/* The days may wrap (a longer language's late mark), the "…" button stays in sight. */}
                    <Group gap={4} wrap="nowrap" style={{ flex: '0 1 auto', minWidth: 0 }}>
                      <Text size="xs" c="dimmed" ta="right">
                        {bar.start === bar.end
                          ? shortDay(bar.start)
                          : t('timeline.dayRange', { start: shortDay(bar.start), end: shortDay(bar.end) })}
                        {bar.startsBefore.length > 0
                          ? t('timeline.weekLate', { blockers: listOf(bar.startsBefore) })
                          : ''}
                      </Text>
                      <Menu position="bottom-end">
                        <Menu.Target>
                          <ActionIcon
                            variant="subtle"
                            color="gray"
                            size="sm"
                            aria-label={t('timeline.moreFor', { task: `${bar.label} ${bar.task.title}` })}
                            data-task-menu={bar.task.task_id}
                          >
                            <IconDots size={14} aria-hidden />
                          </ActionIcon>
                        </Menu.Target>
                        <Menu.Dropdown>
                          <Menu.Item onClick={() => onAddDependency(bar.task.task_id)}>
                            {t('timeline.addDependencyItem')}
                          </Menu.Item>
                        </Menu.Dropdown>
                      </Menu>
                    </Group>
                  </li>
                ))}
            </ul>
          </li>
        ))}
      </ul>
      {layout.undated.length > 0 ? (
        <>
          <Title order={2} fz="sm" fw={650} mb={4}>
            {t('timeline.noDates')}
          </Title>
          <ul className={classes.weekTasks}>
            {layout.undated.map((task) => (
              <li key={task.task_id} className={classes.weekTask}>
                <Anchor component={Link} to={paths.task(task.task_id)} size="sm">
                  {task.title}
                </Anchor>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
