import { Button, Stack } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { t } from '../../../lib/i18n/i18n';
import { Icon } from '../../../ui/icon/icon';
import { toastError } from '../../../ui/toast';
import { useAuthProviders } from '../api/get-auth-providers';
import { useSignInWithProvider } from '../api/sign-in-social';

export interface ProviderButtonsProps {
  /** 'Sign in with' on the login page, 'Connect with' on the register page. */
  verb: 'signIn' | 'connect';
  disabled?: boolean;
}

/** Google and the self-hoster's OpenID Connect provider, each shown only when the server has it set up. */
export function ProviderButtons({ verb, disabled = false }: ProviderButtonsProps) {
  const providers = useAuthProviders();
  const signIn = useSignInWithProvider();
  const start = (provider: string) =>
    signIn.mutate(provider, { onError: () => toastError(t('messages.tryAgain')) });

  if (!providers.data || (!providers.data.google && !providers.data.oidc)) return null;
  const label = (provider: string) =>
    verb === 'signIn' ? t('auth.signInWith', { provider }) : t('auth.connectWith', { provider });
  const busy = signIn.isPending || signIn.isSuccess;
  return (
    <Stack gap="xs">
      {providers.data.google ? (
        <Button
          variant="default"
          fullWidth
          leftSection={<Icon name="google" size={18} />}
          onClick={() => start('google')}
          disabled={disabled || busy}
          loading={busy && signIn.variables === 'google'}
        >
          {label('Google')}
        </Button>
      ) : null}
      {providers.data.oidc ? (
        <Button
          variant="default"
          fullWidth
          leftSection={<IconKey size={18} stroke={1.75} aria-hidden />}
          onClick={() => start(providers.data.oidc?.id ?? 'oidc')}
          disabled={disabled || busy}
          loading={busy && signIn.variables === providers.data.oidc.id}
        >
          {label(providers.data.oidc.name)}
        </Button>
      ) : null}
    </Stack>
  );
}

/** Whether any provider button will show, to decide on the 'or' divider. */
export function useHasProviders(): boolean {
  const providers = useAuthProviders();
  return !!providers.data && (providers.data.google || !!providers.data.oidc);
}
