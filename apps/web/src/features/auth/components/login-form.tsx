import { Anchor, Button, Divider, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../app/paths';
import { Icon } from '../../../ui/icon/icon';

export interface LoginCredentials {
  email: string;
  password: string;
}

export interface LoginFormProps {
  onSubmit: (credentials: LoginCredentials) => void;
  onGoogle: () => void;
  submitting?: boolean;
}

export function LoginForm({ onSubmit, onGoogle, submitting = false }: LoginFormProps) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSubmit({ email: email.trim(), password });
  }

  return (
    <Stack gap="lg">
      <Button
        variant="default"
        fullWidth
        leftSection={<Icon name="google" size={18} />}
        onClick={onGoogle}
        disabled={submitting}
      >
        Google
      </Button>

      <Divider label="or with your email" labelPosition="center" />

      <form onSubmit={handleSubmit} aria-label="Log in">
        <Stack gap="md">
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
