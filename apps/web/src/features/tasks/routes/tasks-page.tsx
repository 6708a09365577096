import { useParams } from 'react-router';
import { PageHeader } from '../../../ui/page-header';

/** One screen for a project's list, a project's board and My tasks (spec core §2). */
export function TasksPage() {
  const { projectId } = useParams();
  if (projectId === undefined) {
    return <PageHeader title="My tasks" subtitle="Your personal tasks cross-projects" />;
  }
  return <PageHeader title="Project" />;
}
