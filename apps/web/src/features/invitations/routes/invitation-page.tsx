import { MESSAGES, PASSWORD_MIN_LENGTH } from '@figgle/shared/constants';
import { Alert, Anchor, Button, Loader, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../app/paths';
import { ApiRequestError } from '../../../lib/api-client';
import { CenteredPanel } from '../../../ui/centered-panel';
import { confirm } from '../../../ui/confirm/confirm-service';
import { useAcceptInvitation } from '../api/accept-invitation';
import { useInvitation } from '../api/lookup-invitation';

/** Where an emailed invitation leads a new address: choose a password, join, land on /auth?invitation. */
export function InvitationPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const invitation = useInvitation(token);
  const accept = useAcceptInvitation();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    accept.mutate(
      { token, password },
      {
        onSuccess: () => void navigate(`${paths.authResult}?invitation`, { replace: true }),
        onError: (error) =>
          void confirm({
            title: MESSAGES.errorDialogTitle,
            text: MESSAGES.errorDialogText(error.message),
            noCancel: true,
          }),
      },
    );
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

  const { organization_name: organizationName, email, firstname } = invitation.data;
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
          <Text size="xs" c="dimmed" ta="center">
            Already have an account?{' '}
            <Anchor component={Link} to={paths.login} size="xs">
              Log in
            </Anchor>
          </Text>
        </Stack>
      </form>
    </CenteredPanel>
  );
}
