import { PageHeader } from '../../../ui/page-header';

export function TaskPage() {
  return <PageHeader title="Task" />;
}
