import { Anchor, Button, Divider, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import type { SignInCredentials } from '../api/sign-in-email';
import { ProviderButtons, useHasProviders } from './provider-buttons';

export interface LoginFormProps {
  onSubmit: (credentials: SignInCredentials) => void;
  submitting?: boolean;
  /** Shown above the fields, e.g. that the email is not verified yet. */
  notice?: ReactNode;
}

export function LoginForm({ onSubmit, submitting = false, notice }: LoginFormProps) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const hasProviders = useHasProviders();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSubmit({ email: email.trim(), password });
  }

  return (
    <Stack gap="lg">
      <ProviderButtons verb="Sign in with" disabled={submitting} />
      {hasProviders ? <Divider label="or with your email" labelPosition="center" /> : null}

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
