import { PASSWORD_MIN_LENGTH } from '@figgle/shared/constants';
import { Alert, Anchor, Button, Loader, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiRequestError } from '../../../lib/api-client';
import { paths } from '../../../shared/paths';
import { CenteredPanel } from '../../../ui/centered-panel';
import { showErrorDialog } from '../../../ui/error-dialog';
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
        : 'This invitation link is not valid. Check that you opened the whole link from the email.';
    return (
      <CenteredPanel title="Invitation">
        <Stack gap="md">
          <Alert color="orange" title="This invitation cannot be used">
            {message}
          </Alert>
          <Anchor component={Link} to={paths.login} ta="center">
            Go to the login page
          </Anchor>
        </Stack>
      </CenteredPanel>
    );
  }

  if (!invitation.data) {
    return (
      <CenteredPanel title="Invitation">
        <Stack align="center" py="lg">
          <Loader aria-label="Loading the invitation" />
        </Stack>
      </CenteredPanel>
    );
  }

  const { organization_name: organizationName, email, firstname, has_account: hasAccount } = invitation.data;
  if (hasAccount) {
    return (
      <CenteredPanel
        title={`Join ${organizationName}`}
        subtitle={`Welcome ${firstname}! You were invited to join the organization with your Figgle account.`}
      >
        <form onSubmit={handleSubmit} aria-label={`Join ${organizationName}`}>
          <Stack gap="md">
            <TextInput label="Email" value={email} readOnly autoComplete="username" />
            <Button type="submit" fullWidth loading={accept.isPending}>
              Join the organization
            </Button>
            <Text size="xs" c="dimmed" ta="center">
              Nothing changes until you join. Not expecting this? Close this page.
            </Text>
          </Stack>
        </form>
      </CenteredPanel>
    );
  }

  return (
    <CenteredPanel
      title={`Join ${organizationName}`}
      subtitle={`Welcome ${firstname}! Choose a password to join the organization on Figgle.`}
    >
      <form onSubmit={handleSubmit} aria-label={`Join ${organizationName}`}>
        <Stack gap="md">
          <TextInput label="Email" value={email} readOnly autoComplete="username" />
          <PasswordInput
            label="Password"
            name="password"
            autoComplete="new-password"
            required
            minLength={PASSWORD_MIN_LENGTH}
            maxLength={128}
            description={`At least ${PASSWORD_MIN_LENGTH} characters.`}
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            visibilityToggleButtonProps={{ 'aria-label': 'Show or hide the password' }}
          />
          <Button type="submit" fullWidth loading={accept.isPending}>
            Join the organization
          </Button>
        </Stack>
      </form>
    </CenteredPanel>
  );
}
