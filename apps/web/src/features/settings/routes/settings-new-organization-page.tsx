import { SettingsSectionTitle } from '../components/settings-section-title';

export function SettingsNewOrganizationPage() {
  return (
    <SettingsSectionTitle
      title="Create an organization"
      description="An organization groups projects and the people who work on them."
    />
  );
}
