import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { ApiRequestError } from '../../../lib/api-client';
import { t } from '../../../lib/i18n/i18n';
import { useVerifyTwoFactor } from '../api/verify-two-factor';
import { TotpCodeInput } from './totp-code-input';

export interface TwoFactorChallengeProps {
  onVerified: () => void;
  /** The challenge ended (too many tries, or it expired): back to the password. */
  onRestart: (error: unknown) => void;
}

const CHALLENGE_OVER = new Set([
  'invalid_two_factor_cookie',
  'too_many_attempts_request_new_code',
  'account_temporarily_locked',
  'too_many_attempts',
]);

/** The second step of signing in: a code from the authenticator app, or one of the backup codes. */
export function TwoFactorChallenge({ onVerified, onRestart }: TwoFactorChallengeProps) {
  const [kind, setKind] = useState<'totp' | 'backup-code'>('totp');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const verify = useVerifyTwoFactor();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    verify.mutate(
      { kind, code },
      {
        onSuccess: onVerified,
        onError: (failure) => {
          if (failure instanceof ApiRequestError && CHALLENGE_OVER.has(failure.code)) {
            onRestart(failure);
            return;
          }
          setError(failure.message);
          setCode('');
        },
      },
    );
  }

  return (
    <form onSubmit={handleSubmit} aria-label={t('auth.twoFactor')}>
      <Stack gap="md">
        {kind === 'totp' ? (
          <TotpCodeInput
            description={t('auth.totpDescription')}
            autoFocus
            value={code}
            error={error ? true : undefined}
            onChange={setCode}
            styles={{
              input: {
                textAlign: 'center',
                letterSpacing: '0.4em',
                fontSize: 20,
                fontFamily: 'ui-monospace, monospace',
              },
            }}
          />
        ) : (
          <TextInput
            label={t('auth.backupCode')}
            autoComplete="one-time-code"
            required
            autoFocus
            value={code}
            onChange={(event) => setCode(event.currentTarget.value)}
          />
        )}
        {error ? (
          <Text size="sm" c="red" role="alert">
            {error}
          </Text>
        ) : null}
        <Button
          type="submit"
          fullWidth
          loading={verify.isPending}
          disabled={kind === 'totp' && code.length < 6}
        >
          {t('auth.verify')}
        </Button>
        <Group justify="center">
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => {
              setKind(kind === 'totp' ? 'backup-code' : 'totp');
              setCode('');
              setError(null);
            }}
          >
            {kind === 'totp' ? t('auth.useBackupCode') : t('auth.useAuthenticator')}
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}
