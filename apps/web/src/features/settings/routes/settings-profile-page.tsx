import { SettingsSectionTitle } from '../components/settings-section-title';

export function SettingsProfilePage() {
  return <SettingsSectionTitle title="My Profile" description="How your teammates see you." />;
}
