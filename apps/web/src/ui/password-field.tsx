import { PASSWORD_MIN_LENGTH } from '@figgle/shared/constants';
import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { t } from '../lib/i18n/i18n';

/** A required password field with its eye, named for screen readers, that shows what was typed. */
function PasswordField(input: PasswordInputProps) {
  return (
    <PasswordInput
      required
      visibilityToggleButtonProps={{ 'aria-label': t('ui.showHidePassword') }}
      {...input}
    />
  );
}

/** The person's own password, which the browser fills in. */
export function CurrentPasswordField(input: PasswordInputProps) {
  return <PasswordField autoComplete="current-password" {...input} />;
}

/** A password being chosen, which the browser may propose: the field says and checks its length. */
export function NewPasswordField(input: PasswordInputProps) {
  return (
    <PasswordField
      autoComplete="new-password"
      minLength={PASSWORD_MIN_LENGTH}
      maxLength={128}
      description={t('ui.passwordMinLength', { count: PASSWORD_MIN_LENGTH })}
      {...input}
    />
  );
}
