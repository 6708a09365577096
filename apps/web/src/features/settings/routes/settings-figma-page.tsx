import { SettingsSectionTitle } from '../components/settings-section-title';

export function SettingsFigmaPage() {
  return (
    <SettingsSectionTitle
      title="Figma"
      description="Your personal token, team ids and the design files linked to projects."
    />
  );
}
