import { SettingsSectionTitle } from '../components/settings-section-title';

export function SettingsPreferencesPage() {
  return <SettingsSectionTitle title="Preferences" description="How Figgle looks for you." />;
}
