import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../app/paths';
import { CenteredPanel } from '../../../ui/centered-panel';
import { toastSuccess } from '../../../ui/toast';
import { useSession } from '../api/get-session';
import { LegalLinks } from '../components/legal-links';
import { type LoginCredentials, LoginForm } from '../components/login-form';

export function LoginPage() {
  const session = useSession();
  const navigate = useNavigate();
  const welcomed = useRef(false);

  // Spec core §2: opening the login page with a session already open greets and moves on.
  useEffect(() => {
    if (!session.data || welcomed.current) return;
    welcomed.current = true;
    toastSuccess('Welcome!');
    navigate(paths.projectsCards, { replace: true });
  }, [session.data, navigate]);

  return (
    <CenteredPanel
      title="Log in to Figgle"
      subtitle="Track your projects and tasks, linked to Figma."
      footer={<LegalLinks />}
    >
      <LoginForm onSubmit={signInWithPassword} onGoogle={signInWithGoogle} />
    </CenteredPanel>
  );
}

// The browser has already checked the fields (required, email format); the sign-in calls arrive with
// the accounts work, which owns the server side of better-auth.
function signInWithPassword(_credentials: LoginCredentials): void {}

function signInWithGoogle(): void {}
