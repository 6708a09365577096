import { RecurrenceSection } from '../features/recurring-tasks/components/recurrence-section';
import { TaskPage } from '../features/task-detail/routes/task-page';
import { type TaskSection, TaskSectionsProvider } from '../shared/task-sections';

/** The sections other features add to the task page (shared/task-sections.tsx). */
const SECTIONS: readonly TaskSection[] = [RecurrenceSection];

/** The task page with the sections of other features: the repetition (docs/product.md#recurring-tasks). */
export function TaskRoute() {
  return (
    <TaskSectionsProvider sections={SECTIONS}>
      <TaskPage />
    </TaskSectionsProvider>
  );
}
