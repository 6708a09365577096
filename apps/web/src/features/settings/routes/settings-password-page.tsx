import { SettingsSectionTitle } from '../components/settings-section-title';

export function SettingsPasswordPage() {
  return (
    <SettingsSectionTitle
      title="Password"
      description="Change your password, or set one if you signed in with Google or an invitation."
    />
  );
}
