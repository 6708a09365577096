import type { LdapSignInInput } from '@figgle/shared/auth-schemas';
import { Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';

export interface DirectoryFormProps {
  onSubmit: (credentials: LdapSignInInput) => void;
  submitting?: boolean;
}

/** Directory (LDAP) sign-in: the username and password of the company directory, not an email. */
export function DirectoryForm({ onSubmit, submitting = false }: DirectoryFormProps) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSubmit({ username: username.trim(), password });
  }

  return (
    <form onSubmit={handleSubmit} aria-label="Log in with your directory">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Use the username and password of your company directory.
        </Text>
        <TextInput
          label="Username"
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          value={username}
          onChange={(event) => setUsername(event.currentTarget.value)}
        />
        <PasswordInput
          label="Password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          visibilityToggleButtonProps={{ 'aria-label': 'Show or hide the password' }}
        />
        <Button type="submit" fullWidth loading={submitting}>
          Connect
        </Button>
      </Stack>
    </form>
  );
}
