import { CenteredPanel } from '../../../ui/centered-panel';
import { BackToLoginLink } from '../components/back-to-login-link';
import { LegalLinks } from '../components/legal-links';

export function RegisterPage() {
  return (
    <CenteredPanel
      title="Create your account"
      subtitle="Register to start tracking projects with your team."
      footer={<LegalLinks />}
    >
      <BackToLoginLink />
    </CenteredPanel>
  );
}
