import { PageHeader } from '../../../ui/page-header';

export function ProjectsPage() {
  return <PageHeader title="Projects" tag="Cross-Organizations" />;
}
