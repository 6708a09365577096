import { SettingsSectionTitle } from '../components/settings-section-title';

export function SettingsOrganizationPage() {
  return <SettingsSectionTitle title="Organization" description="Its name and its members." />;
}
