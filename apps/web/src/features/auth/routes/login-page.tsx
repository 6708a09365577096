import type { LdapSignInInput } from '@figgle/shared/auth-schemas';
import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { IconMailExclamation } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiRequestError } from '../../../lib/api-client';
import { t } from '../../../lib/i18n/i18n';
import { answeredThisLoad } from '../../../lib/offline/this-load';
import { sessionQueryOptions } from '../../../shared/api/get-session';
import { paths } from '../../../shared/paths';
import { CenteredPanel } from '../../../ui/centered-panel';
import { showErrorDialog } from '../../../ui/error-dialog';
import { toastError, toastSuccess } from '../../../ui/toast';
import { useSignInWithDirectory } from '../api/sign-in-directory';
import { type SignInCredentials, useSignInWithEmail } from '../api/sign-in-email';
import { LegalLinks } from '../components/legal-links';
import { LoginForm } from '../components/login-form';
import { TwoFactorChallenge } from '../components/two-factor-challenge';
import { useCompleteSignIn } from '../components/use-complete-sign-in';

export function LoginPage() {
  // Asked again on every visit: a cached session may have just ended (signed out a moment ago).
  const session = useQuery({ ...sessionQueryOptions, refetchOnMount: 'always' });
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const signIn = useSignInWithEmail();
  const signInWithDirectory = useSignInWithDirectory();
  const completeSignIn = useCompleteSignIn();
  // A magic link or a provider sign-in of an account with a second factor comes back here for the code.
  const [step, setStep] = useState<'password' | 'code'>(searchParams.has('two-factor') ? 'code' : 'password');
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);
  const signingIn = useRef(false);
  const justSignedIn = searchParams.has('signed-in');
  const welcomed = useRef(false);

  // Opening the login page with a session already open greets and moves on (docs/product.md#login).
  // Only the server's answer of this page load counts (or the saved one, offline): a session restored
  // from the offline copy may have ended since, and acting on it would send a magic link's two-factor
  // step away.
  const sessionIsCurrent = answeredThisLoad(session) || session.fetchStatus === 'paused';
  useEffect(() => {
    if (!session.data || session.isFetching || !sessionIsCurrent || welcomed.current || signingIn.current)
      return;
    welcomed.current = true;
    // Back from a magic link or a provider: this is the sign-in itself, greeted like one.
    if (justSignedIn) {
      toastSuccess(t('messages.welcomeAfterLogin'));
      navigate(paths.projects, { replace: true });
      return;
    }
    toastSuccess(t('messages.welcome'));
    navigate(paths.projectsCards, { replace: true });
  }, [session.data, session.isFetching, sessionIsCurrent, navigate, justSignedIn]);

  // Back from Google or the OIDC provider without a session: the catalogue's provider failure toast.
  useEffect(() => {
    if (!searchParams.has('provider-error')) return;
    toastError(t('messages.tryAgain'));
    setSearchParams({}, { replace: true });
  }, [searchParams, setSearchParams]);

  async function finish() {
    signingIn.current = true;
    await completeSignIn();
  }

  /** A sign-in answered: on to the code when the account asks for one, else into the app. */
  async function signedIn(answer: { twoFactorRedirect?: boolean }) {
    if (answer.twoFactorRedirect) {
      signingIn.current = false;
      setStep('code');
      return;
    }
    await finish();
  }

  function submit(credentials: SignInCredentials) {
    setUnverifiedEmail(null);
    signingIn.current = true;
    signIn.mutate(credentials, {
      onSuccess: signedIn,
      onError: (error) => {
        signingIn.current = false;
        if (error instanceof ApiRequestError && error.code === 'email_not_verified') {
          setUnverifiedEmail(credentials.email);
          return;
        }
        void showErrorDialog(error);
      },
    });
  }

  function submitToDirectory(credentials: LdapSignInInput) {
    signingIn.current = true;
    signInWithDirectory.mutate(credentials, {
      onSuccess: signedIn,
      onError: (error) => {
        signingIn.current = false;
        void showErrorDialog(error);
      },
    });
  }

  if (step === 'code') {
    return (
      <CenteredPanel
        title={t('auth.twoFactor')}
        subtitle={t('auth.twoFactorSubtitle')}
        footer={<LegalLinks />}
      >
        <Stack gap="md">
          <TwoFactorChallenge
            onVerified={() => void finish()}
            onRestart={(error) => {
              setStep('password');
              setSearchParams({}, { replace: true });
              void showErrorDialog(error);
            }}
          />
          <Button
            variant="subtle"
            size="xs"
            component={Link}
            to={paths.login}
            onClick={() => setStep('password')}
          >
            {t('auth.backToLogin')}
          </Button>
        </Stack>
      </CenteredPanel>
    );
  }

  return (
    <CenteredPanel title={t('auth.loginTitle')} subtitle={t('auth.loginSubtitle')} footer={<LegalLinks />}>
      <LoginForm
        onSubmit={submit}
        onDirectorySubmit={submitToDirectory}
        submitting={signIn.isPending || signInWithDirectory.isPending || signingIn.current}
        notice={unverifiedEmail ? <UnverifiedNotice email={unverifiedEmail} /> : null}
      />
    </CenteredPanel>
  );
}

function UnverifiedNotice({ email }: { email: string }) {
  return (
    <Alert
      color="yellow"
      variant="light"
      title={t('auth.emailNotVerified')}
      icon={<IconMailExclamation size={18} stroke={1.75} aria-hidden />}
      role="alert"
    >
      <Text size="sm">
        {t('auth.openConfirmationSentTo', { email })}{' '}
        <Anchor
          component={Link}
          to={`${paths.resendConfirmation}?email=${encodeURIComponent(email)}`}
          size="sm"
          fw={500}
        >
          {t('auth.resendConfirmationEmail')}
        </Anchor>
      </Text>
    </Alert>
  );
}
