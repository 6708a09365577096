import type { TaskDetailView } from '@figgle/shared/task-schemas';
import { type ComponentType, createContext, type ReactNode, useContext } from 'react';

/** A section of the task page that another feature brings (recurring tasks): it gets the task. */
export type TaskSection = ComponentType<{ task: TaskDetailView }>;

const TaskSectionsContext = createContext<readonly TaskSection[]>([]);

/** app/ hands the task page the sections of other features, so task-detail imports none of them. */
export function TaskSectionsProvider({
  sections,
  children,
}: {
  sections: readonly TaskSection[];
  children: ReactNode;
}) {
  return <TaskSectionsContext.Provider value={sections}>{children}</TaskSectionsContext.Provider>;
}

/** Where the task page shows those sections, in the order app/ gave them. */
export function TaskSections({ task }: { task: TaskDetailView }) {
  const sections = useContext(TaskSectionsContext);
  return sections.map((Section, index) => (
    <Section key={Section.displayName ?? Section.name ?? index} task={task} />
  ));
}
