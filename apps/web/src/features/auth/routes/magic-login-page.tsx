import { CenteredPanel } from '../../../ui/centered-panel';
import { BackToLoginLink } from '../components/back-to-login-link';

export function MagicLoginPage() {
  return (
    <CenteredPanel
      title="Log in with a magic link"
      subtitle="We will send a one-time sign-in link to your inbox."
    >
      <BackToLoginLink />
    </CenteredPanel>
  );
}
