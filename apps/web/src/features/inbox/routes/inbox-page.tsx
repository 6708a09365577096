import { PageHeader } from '../../../ui/page-header';

export function InboxPage() {
  return <PageHeader title="Inbox" subtitle="Notifications from your tasks, projects or comments" />;
}
