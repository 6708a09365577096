import { PageHeader } from '../../../ui/page-header';

export function DashboardPage() {
  return <PageHeader title="Control Panel" />;
}
