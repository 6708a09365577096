import { CenteredPanel } from '../../../ui/centered-panel';
import { BackToLoginLink } from '../components/back-to-login-link';

export function AuthResultPage() {
  return (
    <CenteredPanel title="Almost there" subtitle="Check your inbox to continue.">
      <BackToLoginLink />
    </CenteredPanel>
  );
}
