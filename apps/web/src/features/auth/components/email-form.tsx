import { Button, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { t } from '../../../lib/i18n/i18n';

export interface EmailFormProps {
  submitLabel: string;
  onSubmit: (email: string) => void;
  submitting?: boolean;
  initialEmail?: string;
  /** The form's accessible name. */
  label: string;
}

/** One email field and a button: magic link, password reset, resend confirmation. */
export function EmailForm({
  submitLabel,
  onSubmit,
  submitting = false,
  initialEmail = '',
  label,
}: EmailFormProps) {
  const [email, setEmail] = useState(initialEmail);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSubmit(email.trim());
  }

  return (
    <form onSubmit={handleSubmit} aria-label={label}>
      <Stack gap="md">
        <TextInput
          label={t('auth.email')}
          type="email"
          name="email"
          autoComplete="email"
          placeholder={t('auth.emailPlaceholder')}
          required
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
        />
        <Button type="submit" fullWidth loading={submitting}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
