import { TwoFactorSettings } from '../components/two-factor-settings';

/** Settings › Security: the second factor of the account. */
export function SecuritySettingsPage() {
  return <TwoFactorSettings />;
}
