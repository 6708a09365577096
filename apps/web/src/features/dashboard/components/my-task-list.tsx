import type { DashboardTaskView } from '@figgle/shared/dashboard-schemas';
import { Group } from '@mantine/core';
import { CardList } from './card-list';
import { DashboardCard } from './dashboard-card';
import { TaskLine } from './task-line';

export interface MyTaskListProps {
  title: string;
  tasks: DashboardTaskView[] | undefined;
  empty: string;
}

/** Tasks assigned to the user in one status, most recently changed first, each linking to its page. */
export function MyTaskList({ title, tasks, empty }: MyTaskListProps) {
  return (
    <DashboardCard title={title}>
      <CardList items={tasks} empty={empty} placeholderHeight={120} gap={6}>
        {(task) => (
          <Group component="li" key={task.task_id} gap={8} wrap="nowrap">
            <TaskLine task={task} />
          </Group>
        )}
      </CardList>
    </DashboardCard>
  );
}
