import {
  Alert,
  Badge,
  Button,
  Card,
  CopyButton,
  Group,
  List,
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
import { t } from '../../../lib/i18n/i18n';
import { useMe } from '../../../shared/api/get-me';
import { queryKeys } from '../../../shared/api/query-keys';
import { PageLoader } from '../../../ui/page-loader';
import { CurrentPasswordField } from '../../../ui/password-field';
import { toastError, toastSuccess } from '../../../ui/toast';
import { useDisableTwoFactor } from '../api/disable-two-factor';
import { type TwoFactorSetup, useEnableTwoFactor } from '../api/enable-two-factor';
import { useVerifyTwoFactor } from '../api/verify-two-factor';
import { TotpCodeInput } from './totp-code-input';

const WRAPPING_LABEL = { label: { whiteSpace: 'normal', textAlign: 'center' } } as const;

/**
 * Two-factor authentication of the signed-in user: set it up (QR code, setup key, backup codes, a
 * first code to prove the app works), or turn it off. Placed on the settings' Security page.
 */
export function TwoFactorSettings() {
  const me = useMe();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);

  if (me.isPending) return <PageLoader />;
  if (!me.data) return <Text c="dimmed">{t('messages.loadFailed')}</Text>;

  return (
    <Stack gap="lg">
      <Group gap="sm">
        <Title order={2} fz="lg">
          {t('auth.twoFactor')}
        </Title>
        {me.data.two_factor_enabled ? (
          <Badge color="teal" variant="light" leftSection={<IconShieldCheck size={12} aria-hidden />}>
            {t('auth.twoFactorOn')}
          </Badge>
        ) : (
          <Badge color="gray" variant="light">
            {t('auth.twoFactorOff')}
          </Badge>
        )}
      </Group>
      <Text size="sm" c="dimmed" maw={620}>
        {t('auth.twoFactorIntro')}
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
      <form onSubmit={handleSubmit} aria-label={t('auth.setUpTwoFactor')}>
        <Stack gap="md">
          {hasPassword ? (
            <CurrentPasswordField
              label={t('auth.currentPassword')}
              description={t('auth.confirmItsYou')}
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
            />
          ) : null}
          <Button
            type="submit"
            leftSection={<IconShieldLock size={16} aria-hidden />}
            // German, French and Spanish say it in more letters than a phone's width: the label wraps.
            h="auto"
            mih={36}
            py={6}
            styles={WRAPPING_LABEL}
            loading={enable.isPending}
          >
            {t('auth.setUpTwoFactor')}
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
          toastSuccess(t('auth.twoFactorTurnedOn'));
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
          <Text fw={600}>{t('auth.scanStep')}</Text>
          <Group justify="center" p="sm" bg="white" style={{ borderRadius: 'var(--mantine-radius-md)' }}>
            <QRCodeSVG
              value={setup.totpURI}
              size={176}
              marginSize={1}
              role="img"
              aria-label={t('auth.qrCodeLabel')}
            />
          </Group>
          <TextInput
            label={t('auth.setupKey')}
            description={t('auth.setupKeyHint')}
            readOnly
            value={setupKey}
            styles={{ input: { fontFamily: 'ui-monospace, monospace', letterSpacing: '0.05em' } }}
          />
        </Stack>
      </Card>
      <Stack gap="lg">
        <Card withBorder radius="md" p="lg">
          <Stack gap="sm">
            <Text fw={600}>{t('auth.backupStep')}</Text>
            <Text size="sm" c="dimmed">
              {t('auth.backupHint')}
            </Text>
            <List
              aria-label={t('auth.backupCodes')}
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
                  {copied ? t('auth.copied') : t('auth.copyBackupCodes')}
                </Button>
              )}
            </CopyButton>
          </Stack>
        </Card>
        <Card withBorder radius="md" p="lg">
          <form onSubmit={handleSubmit} aria-label={t('auth.activateTwoFactor')}>
            <Stack gap="sm">
              <Text fw={600}>{t('auth.enterCodeStep')}</Text>
              <TotpCodeInput value={code} error={error} onChange={setCode} />
              <Group gap="sm">
                <Button type="submit" loading={verify.isPending}>
                  {t('auth.activate')}
                </Button>
                <Button variant="subtle" color="gray" onClick={onDone}>
                  {t('common.cancel')}
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
        toastSuccess(t('auth.twoFactorTurnedOff'));
      },
      onError: (failure) => setError(failure.message),
    });
  }

  return (
    <Stack gap="md" maw={460}>
      <Alert color="teal" variant="light" icon={<IconShieldCheck size={18} aria-hidden />}>
        {t('auth.twoFactorActiveNotice')}
      </Alert>
      <Card withBorder radius="md" p="lg">
        <form onSubmit={handleSubmit} aria-label={t('auth.turnOffTwoFactor')}>
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              {hasPassword ? t('auth.turnOffHintWithPassword') : t('auth.turnOffHint')}
            </Text>
            <TotpCodeInput value={code} error={error} onChange={setCode} />
            {hasPassword ? (
              <CurrentPasswordField
                label={t('auth.currentPassword')}
                value={password}
                onChange={(event) => setPassword(event.currentTarget.value)}
              />
            ) : null}
            <Button
              type="submit"
              color="red"
              variant="light"
              loading={disable.isPending}
              h="auto"
              mih={36}
              py={6}
              styles={WRAPPING_LABEL}
            >
              {t('auth.turnOffTwoFactor')}
            </Button>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
