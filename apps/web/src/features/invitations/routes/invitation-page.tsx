import { Alert, Anchor, Button, Loader, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiRequestError } from '../../../lib/api-client';
import { t } from '../../../lib/i18n/i18n';
import { paths } from '../../../shared/paths';
import { CenteredPanel } from '../../../ui/centered-panel';
import { showErrorDialog } from '../../../ui/error-dialog';
import { NewPasswordField } from '../../../ui/password-field';
import { useAcceptInvitation } from '../api/accept-invitation';
import { useInvitation } from '../api/lookup-invitation';

/**
 * Where an emailed invitation leads: a new address chooses a password, an existing account just
 * accepts; either way membership starts only here, then /auth?invitation says so.
 */
export function InvitationPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const invitation = useInvitation(token);
  const accept = useAcceptInvitation();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // An existing account joins as it is: only a new one sends the password it chose.
    accept.mutate(invitation.data?.has_account ? { token } : { token, password }, {
      onSuccess: () => void navigate(`${paths.authResult}?invitation`, { replace: true }),
      onError: (error) => void showErrorDialog(error),
    });
  }

  if (!token || invitation.isError) {
    const message =
      invitation.error instanceof ApiRequestError && invitation.error.statusCode !== 404
        ? invitation.error.message
        : t('invitations.invalidLink');
    return (
      <CenteredPanel title={t('invitations.invitation')}>
        <Stack gap="md">
          <Alert color="orange" title={t('invitations.cannotBeUsed')}>
            {message}
          </Alert>
          <Anchor component={Link} to={paths.login} ta="center">
            {t('invitations.goToLogin')}
          </Anchor>
        </Stack>
      </CenteredPanel>
    );
  }

  if (!invitation.data) {
    return (
      <CenteredPanel title={t('invitations.invitation')}>
        <Stack align="center" py="lg">
          <Loader aria-label={t('invitations.loading')} />
        </Stack>
      </CenteredPanel>
    );
  }

  const { organization_name: organizationName, email, firstname, has_account: hasAccount } = invitation.data;
  if (hasAccount) {
    return (
      <CenteredPanel
        title={t('invitations.joinTitle', { organization: organizationName })}
        subtitle={t('invitations.welcomeExisting', { firstname })}
      >
        <form
          onSubmit={handleSubmit}
          aria-label={t('invitations.joinTitle', { organization: organizationName })}
        >
          <Stack gap="md">
            <TextInput label={t('invitations.email')} value={email} readOnly autoComplete="username" />
            <Button type="submit" fullWidth loading={accept.isPending}>
              {t('invitations.join')}
            </Button>
            <Text size="xs" c="dimmed" ta="center">
              {t('invitations.nothingChanges')}
            </Text>
          </Stack>
        </form>
      </CenteredPanel>
    );
  }

  return (
    <CenteredPanel
      title={t('invitations.joinTitle', { organization: organizationName })}
      subtitle={t('invitations.welcomeNew', { firstname })}
    >
      <form
        onSubmit={handleSubmit}
        aria-label={t('invitations.joinTitle', { organization: organizationName })}
      >
        <Stack gap="md">
          <TextInput label={t('invitations.email')} value={email} readOnly autoComplete="username" />
          <NewPasswordField
            label={t('invitations.password')}
            name="password"
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
          />
          <Button type="submit" fullWidth loading={accept.isPending}>
            {t('invitations.join')}
          </Button>
        </Stack>
      </form>
    </CenteredPanel>
  );
}
