import { TextInput, type TextInputProps } from '@mantine/core';
import { t } from '../../../lib/i18n/i18n';

/** The required email address of the sign-in and sign-up forms, which the browser fills in. */
export function EmailField(input: Pick<TextInputProps, 'value' | 'onChange'>) {
  return (
    <TextInput
      label={t('auth.email')}
      type="email"
      name="email"
      autoComplete="email"
      placeholder={t('auth.emailPlaceholder')}
      required
      {...input}
    />
  );
}
