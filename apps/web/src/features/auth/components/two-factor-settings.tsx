import {
  Alert,
  Badge,
  Button,
  Card,
  CopyButton,
  Group,
  List,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconShieldCheck, IconShieldLock } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { QRCodeSVG } from 'qrcode.react';
import { type FormEvent, useState } from 'react';
import { useMe } from '../../../shared/api/get-me';
import { queryKeys } from '../../../shared/api/query-keys';
import { PageLoader } from '../../../ui/page-loader';
import { toastError, toastSuccess } from '../../../ui/toast';
import { useDisableTwoFactor } from '../api/disable-two-factor';
import { type TwoFactorSetup, useEnableTwoFactor } from '../api/enable-two-factor';
import { useVerifyTwoFactor } from '../api/verify-two-factor';
import { TotpCodeInput } from './totp-code-input';

/**
 * Two-factor authentication of the signed-in user: set it up (QR code, setup key, backup codes, a
 * first code to prove the app works), or turn it off. Placed on the settings' Security page.
 */
export function TwoFactorSettings() {
  const me = useMe();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);

  if (me.isPending) return <PageLoader />;
  if (!me.data) return <Text c="dimmed">Sorry, something went wrong.</Text>;

  return (
    <Stack gap="lg">
      <Group gap="sm">
        <Title order={2} fz="lg">
          Two-factor authentication
        </Title>
        {me.data.two_factor_enabled ? (
          <Badge color="teal" variant="light" leftSection={<IconShieldCheck size={12} aria-hidden />}>
            On
          </Badge>
        ) : (
          <Badge color="gray" variant="light">
            Off
          </Badge>
        )}
      </Group>
      <Text size="sm" c="dimmed" maw={620}>
        With two-factor authentication, logging in also asks for a 6-digit code from an authenticator app on
        your phone (Google Authenticator, 1Password, Aegis, …), so a stolen password or email is not enough.
      </Text>
      {me.data.two_factor_enabled ? (
        <TurnOff hasPassword={me.data.has_password} />
      ) : setup ? (
        <FinishSetup setup={setup} onDone={() => setSetup(null)} />
      ) : (
        <StartSetup hasPassword={me.data.has_password} onStarted={setSetup} />
      )}
    </Stack>
  );
}

function StartSetup({
  hasPassword,
  onStarted,
}: {
  hasPassword: boolean;
  onStarted: (setup: TwoFactorSetup) => void;
}) {
  const enable = useEnableTwoFactor();
  const [password, setPassword] = useState('');

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    enable.mutate(hasPassword ? password : undefined, {
      onSuccess: onStarted,
      onError: (error) => toastError(error.message),
    });
  }

  return (
    <Card withBorder radius="md" p="lg" maw={460}>
      <form onSubmit={handleSubmit} aria-label="Set up two-factor authentication">
        <Stack gap="md">
          {hasPassword ? (
            <PasswordInput
              label="Current password"
              description="To make sure it is you."
              autoComplete="current-password"
              required
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
              visibilityToggleButtonProps={{ 'aria-label': 'Show or hide the password' }}
            />
          ) : null}
          <Button
            type="submit"
            leftSection={<IconShieldLock size={16} aria-hidden />}
            loading={enable.isPending}
          >
            Set up two-factor authentication
          </Button>
        </Stack>
      </form>
    </Card>
  );
}

function FinishSetup({ setup, onDone }: { setup: TwoFactorSetup; onDone: () => void }) {
  const queryClient = useQueryClient();
  const verify = useVerifyTwoFactor();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const setupKey = new URL(setup.totpURI).searchParams.get('secret') ?? '';

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    verify.mutate(
      { kind: 'totp', code },
      {
        onSuccess: async () => {
          // Turning the factor on renews the session cookie: both answers are read again.
          await queryClient.invalidateQueries({ queryKey: queryKeys.session });
          await queryClient.invalidateQueries({ queryKey: queryKeys.me });
          toastSuccess('Two-factor authentication is on.');
          onDone();
        },
        onError: (failure) => setError(failure.message),
      },
    );
  }

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" maw={900}>
      <Card withBorder radius="md" p="lg">
        <Stack gap="md">
          <Text fw={600}>1. Scan this QR code with your authenticator app</Text>
          <Group justify="center" p="sm" bg="white" style={{ borderRadius: 'var(--mantine-radius-md)' }}>
            <QRCodeSVG
              value={setup.totpURI}
              size={176}
              marginSize={1}
              role="img"
              aria-label="QR code for your authenticator app"
            />
          </Group>
          <TextInput
            label="Setup key"
            description="Or type this key into the app."
            readOnly
            value={setupKey}
            styles={{ input: { fontFamily: 'ui-monospace, monospace', letterSpacing: '0.05em' } }}
          />
        </Stack>
      </Card>
      <Stack gap="lg">
        <Card withBorder radius="md" p="lg">
          <Stack gap="sm">
            <Text fw={600}>2. Keep your backup codes</Text>
            <Text size="sm" c="dimmed">
              Each code logs you in once if you lose your phone. Store them somewhere safe: they are shown
              only now.
            </Text>
            <List
              aria-label="Backup codes"
              listStyleType="none"
              styles={{ root: { columns: 2, fontFamily: 'ui-monospace, monospace', fontSize: 14 } }}
            >
              {setup.backupCodes.map((backupCode) => (
                <List.Item key={backupCode}>{backupCode}</List.Item>
              ))}
            </List>
            <CopyButton value={setup.backupCodes.join('\n')}>
              {({ copied, copy }) => (
                <Button variant="light" size="xs" onClick={copy} w="fit-content">
                  {copied ? 'Copied' : 'Copy the backup codes'}
                </Button>
              )}
            </CopyButton>
          </Stack>
        </Card>
        <Card withBorder radius="md" p="lg">
          <form onSubmit={handleSubmit} aria-label="Activate two-factor authentication">
            <Stack gap="sm">
              <Text fw={600}>3. Enter the code the app shows</Text>
              <TotpCodeInput value={code} error={error} onChange={setCode} />
              <Group gap="sm">
                <Button type="submit" loading={verify.isPending}>
                  Activate
                </Button>
                <Button variant="subtle" color="gray" onClick={onDone}>
                  Cancel
                </Button>
              </Group>
            </Stack>
          </form>
        </Card>
      </Stack>
    </SimpleGrid>
  );
}

function TurnOff({ hasPassword }: { hasPassword: boolean }) {
  const queryClient = useQueryClient();
  const disable = useDisableTwoFactor();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    disable.mutate(hasPassword ? { code, password } : { code }, {
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: queryKeys.session });
        await queryClient.invalidateQueries({ queryKey: queryKeys.me });
        setPassword('');
        setCode('');
        toastSuccess('Two-factor authentication is off.');
      },
      onError: (failure) => setError(failure.message),
    });
  }

  return (
    <Stack gap="md" maw={460}>
      <Alert color="teal" variant="light" icon={<IconShieldCheck size={18} aria-hidden />}>
        Logging in asks for a code from your authenticator app.
      </Alert>
      <Card withBorder radius="md" p="lg">
        <form onSubmit={handleSubmit} aria-label="Turn off two-factor authentication">
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              To turn it off, enter the code your authenticator app shows now
              {hasPassword ? ' and your password' : ''}. We will let you know by email.
            </Text>
            <TotpCodeInput value={code} error={error} onChange={setCode} />
            {hasPassword ? (
              <PasswordInput
                label="Current password"
                autoComplete="current-password"
                required
                value={password}
                onChange={(event) => setPassword(event.currentTarget.value)}
                visibilityToggleButtonProps={{ 'aria-label': 'Show or hide the password' }}
              />
            ) : null}
            <Button type="submit" color="red" variant="light" loading={disable.isPending}>
              Turn off two-factor authentication
            </Button>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
