import type { LdapSignInInput } from '@figgle/shared/auth-schemas';
import { Anchor, Button, Divider, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { t, tRich } from '../../../lib/i18n/i18n';
import { paths } from '../../../shared/paths';
import { CurrentPasswordField } from '../../../ui/password-field';
import { useAuthProviders } from '../api/get-auth-providers';
import type { SignInCredentials } from '../api/sign-in-email';
import { DirectoryForm } from './directory-form';
import { EmailField } from './email-field';
import { ProviderButtons, useHasProviders } from './provider-buttons';

export interface LoginFormProps {
  onSubmit: (credentials: SignInCredentials) => void;
  /** Directory (LDAP) sign-in, offered when the server has it set up. */
  onDirectorySubmit: (credentials: LdapSignInInput) => void;
  submitting?: boolean;
  /** Shown above the fields, e.g. that the email is not verified yet. */
  notice?: ReactNode;
}

export function LoginForm({ onSubmit, onDirectorySubmit, submitting = false, notice }: LoginFormProps) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const hasProviders = useHasProviders();
  const directory = useAuthProviders().data?.ldap ?? false;
  const [method, setMethod] = useState<'email' | 'directory'>('email');
  const withDirectory = directory && method === 'directory';

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSubmit({ email: email.trim(), password });
  }

  return (
    <Stack gap="lg">
      <ProviderButtons verb="signIn" disabled={submitting} />
      {hasProviders ? (
        <Divider label={directory ? t('auth.orWith') : t('auth.orWithEmail')} labelPosition="center" />
      ) : null}
      {directory ? (
        <SegmentedControl
          fullWidth
          aria-label={t('auth.signInMethod')}
          // No sliding indicator: it is caught halfway by screenshots and by people who switch fast.
          transitionDuration={0}
          value={method}
          onChange={(value) => setMethod(value === 'directory' ? 'directory' : 'email')}
          data={[
            { value: 'email', label: t('auth.email') },
            { value: 'directory', label: t('auth.methodDirectory') },
          ]}
        />
      ) : null}

      {withDirectory ? (
        <DirectoryForm onSubmit={onDirectorySubmit} submitting={submitting} />
      ) : (
        <form onSubmit={handleSubmit} aria-label={t('auth.logIn')}>
          <Stack gap="md">
            {notice}
            <EmailField value={email} onChange={(event) => setEmail(event.currentTarget.value)} />
            <Stack gap={6}>
              <CurrentPasswordField
                label={t('auth.password')}
                name="password"
                value={password}
                onChange={(event) => setPassword(event.currentTarget.value)}
              />
              <Group justify="flex-end">
                <Anchor component={Link} to={paths.resetPassword} size="xs">
                  {t('auth.forgotPassword')}
                </Anchor>
              </Group>
            </Stack>
            <Button type="submit" fullWidth loading={submitting}>
              {t('auth.connect')}
            </Button>
          </Stack>
        </form>
      )}

      <Stack gap={6} align="center">
        <Anchor component={Link} to={paths.magicLogin} size="sm">
          {t('auth.magicLinkQuestion')}
        </Anchor>
        <Text size="sm" c="dimmed">
          {tRich('auth.newToFiggle', {
            link: (chunks) => (
              <Anchor component={Link} to={paths.register} fw={500}>
                {chunks}
              </Anchor>
            ),
          })}
        </Text>
      </Stack>
    </Stack>
  );
}
