import { Button, Text, Title } from '@mantine/core';
import { type ReactNode, type Ref, useId, useState } from 'react';

/** Tasks listed before "Show all": the rest wait for a click, so a long backlog stays quick to draw. */
const SHOWN = 50;

interface SideTaskListProps<Task> {
  tasks: Task[];
  title: string;
  /** Said when there is no task to list. */
  empty: string;
  /** Said above the tasks: what can be done with them. */
  hint: string;
  listLabel: string;
  listClassName?: string;
  /** "Show all 72", given the count. */
  showAll: (count: number) => string;
  /** One task: an `li`, with its key. */
  children: (task: Task) => ReactNode;
  /** The panel: its class, and where it is a drop target, its node and whether a drag is over it. */
  className?: string;
  panelRef?: Ref<HTMLElement>;
  over?: boolean;
}

/**
 * The panel beside a calendar or a timeline with a project's tasks that it cannot place (no date):
 * a heading, then what to do with them and the first fifty, with "Show all" for the rest.
 */
export function SideTaskList<Task>({
  tasks,
  title,
  empty,
  hint,
  listLabel,
  listClassName,
  showAll,
  children,
  className,
  panelRef,
  over,
}: SideTaskListProps<Task>) {
  const headingId = useId();
  const [all, setAll] = useState(false);
  const shown = all ? tasks : tasks.slice(0, SHOWN);
  return (
    <aside ref={panelRef} className={className} data-over={over || undefined} aria-labelledby={headingId}>
      <Title id={headingId} order={2} fz="sm" fw={650} mb={4}>
        {title}
      </Title>
      {tasks.length === 0 ? (
        <Text size="xs" c="dimmed">
          {empty}
        </Text>
      ) : (
        <>
          <Text size="xs" c="dimmed" mb={6}>
            {hint}
          </Text>
          <ul className={listClassName} aria-label={listLabel}>
            {shown.map(children)}
          </ul>
          {tasks.length > shown.length ? (
            <Button variant="subtle" size="compact-xs" mt={6} onClick={() => setAll(true)}>
              {showAll(tasks.length)}
            </Button>
          ) : null}
        </>
      )}
    </aside>
  );
}
