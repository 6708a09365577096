import { CenteredPanel } from '../../../ui/centered-panel';
import { BackToLoginLink } from '../components/back-to-login-link';

export function ResetPasswordPage() {
  return (
    <CenteredPanel title="Reset your password" subtitle="Enter your email and we will send you a reset link.">
      <BackToLoginLink />
    </CenteredPanel>
  );
}
