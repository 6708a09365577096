import { PageHeader } from '../../../ui/page-header';

export function FigmaRadarPage() {
  return <PageHeader title="Figma Radar" subtitle="Notifications from your Figma organization" />;
}
