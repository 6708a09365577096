import { TextInput, type TextInputProps } from '@mantine/core';
import { t } from '../../../lib/i18n/i18n';

type TotpCodeInputProps = Omit<TextInputProps, 'value' | 'onChange'> & {
  value: string;
  onChange: (code: string) => void;
};

/**
 * The 6-digit code of an authenticator app: digits only, six at most, offered to the browser's
 * one-time-code autofill. Other props (description, error, styles) pass through to the field.
 */
export function TotpCodeInput({ value, onChange, ...props }: TotpCodeInputProps) {
  return (
    <TextInput
      label={t('auth.authCode')}
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]{6}"
      maxLength={6}
      required
      value={value}
      onChange={(event) => onChange(event.currentTarget.value.replace(/\D/g, '').slice(0, 6))}
      styles={{ input: { letterSpacing: '0.3em', fontFamily: 'ui-monospace, monospace' } }}
      {...props}
    />
  );
}
