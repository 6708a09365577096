import { Button, Stack } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { EmailField } from './email-field';

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
        <EmailField value={email} onChange={(event) => setEmail(event.currentTarget.value)} />
        <Button type="submit" fullWidth loading={submitting}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
