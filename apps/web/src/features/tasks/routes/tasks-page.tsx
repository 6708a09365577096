import { useParams } from 'react-router';
import { MyTasksScreen } from '../components/my-tasks-screen';
import { ProjectScreen } from '../components/project-screen';

/** One screen for a project's list, a project's board and My tasks (docs/product.md#project-page). */
export function TasksPage() {
  const { projectId } = useParams();
  if (projectId === undefined) return <MyTasksScreen />;
  // A new project starts from a clean slate: dialogs closed, the board's 'static' look again.
  return <ProjectScreen key={projectId} projectId={projectId} />;
}
