import type { LdapSignInInput } from '@figgle/shared/auth-schemas';
import {
  Anchor,
  Button,
  Divider,
  Group,
  PasswordInput,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import { useAuthProviders } from '../api/get-auth-providers';
import type { SignInCredentials } from '../api/sign-in-email';
import { DirectoryForm } from './directory-form';
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
      <ProviderButtons verb="Sign in with" disabled={submitting} />
      {hasProviders ? (
        <Divider label={directory ? 'or with' : 'or with your email'} labelPosition="center" />
      ) : null}
      {directory ? (
        <SegmentedControl
          fullWidth
          aria-label="Sign-in method"
          // No sliding indicator: it is caught halfway by screenshots and by people who switch fast.
          transitionDuration={0}
          value={method}
          onChange={(value) => setMethod(value === 'directory' ? 'directory' : 'email')}
          data={[
            { value: 'email', label: 'Email' },
            { value: 'directory', label: 'Directory' },
          ]}
        />
      ) : null}

      {withDirectory ? (
        <DirectoryForm onSubmit={onDirectorySubmit} submitting={submitting} />
      ) : (
        <form onSubmit={handleSubmit} aria-label="Log in">
          <Stack gap="md">
            {notice}
            <TextInput
              label="Email"
              type="email"
              name="email"
              autoComplete="email"
              placeholder="you@company.com"
              required
              value={email}
              onChange={(event) => setEmail(event.currentTarget.value)}
            />
            <Stack gap={6}>
              <PasswordInput
                label="Password"
                name="password"
                autoComplete="current-password"
                required
                value={password}
                onChange={(event) => setPassword(event.currentTarget.value)}
                visibilityToggleButtonProps={{ 'aria-label': 'Show or hide the password' }}
              />
              <Group justify="flex-end">
                <Anchor component={Link} to={paths.resetPassword} size="xs">
                  Forgot your password?
                </Anchor>
              </Group>
            </Stack>
            <Button type="submit" fullWidth loading={submitting}>
              Connect
            </Button>
          </Stack>
        </form>
      )}

      <Stack gap={6} align="center">
        <Anchor component={Link} to={paths.magicLogin} size="sm">
          Log in with a magic link?
        </Anchor>
        <Text size="sm" c="dimmed">
          New to Figgle?{' '}
          <Anchor component={Link} to={paths.register} fw={500}>
            Register
          </Anchor>
        </Text>
      </Stack>
    </Stack>
  );
}
