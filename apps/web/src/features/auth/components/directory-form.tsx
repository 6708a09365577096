import type { LdapSignInInput } from '@figgle/shared/auth-schemas';
import { Button, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { t } from '../../../lib/i18n/i18n';
import { CurrentPasswordField } from '../../../ui/password-field';

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
    <form onSubmit={handleSubmit} aria-label={t('auth.directoryFormLabel')}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('auth.directoryHint')}
        </Text>
        <TextInput
          label={t('auth.username')}
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          value={username}
          onChange={(event) => setUsername(event.currentTarget.value)}
        />
        <CurrentPasswordField
          label={t('auth.password')}
          name="password"
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
        />
        <Button type="submit" fullWidth loading={submitting}>
          {t('auth.connect')}
        </Button>
      </Stack>
    </form>
  );
}
