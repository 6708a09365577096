import { CenteredPanel } from '../../../ui/centered-panel';
import { BackToLoginLink } from '../components/back-to-login-link';

export function ResendConfirmationPage() {
  return (
    <CenteredPanel
      title="Resend the confirmation"
      subtitle="Enter your email to receive a new confirmation link."
    >
      <BackToLoginLink />
    </CenteredPanel>
  );
}
