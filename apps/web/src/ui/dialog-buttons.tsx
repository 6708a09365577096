import { Button, type ButtonProps, Group, type GroupProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { t } from '../lib/i18n/i18n';

interface DialogButtonsProps extends Omit<GroupProps, 'children'> {
  onCancel: () => void;
  /** The words of the button that does what the dialog is for ('Create', 'Save', 'Move'). */
  submitLabel: ReactNode;
  /** Without it the button submits the form around it; with it, a click calls it. */
  onSubmit?: () => void;
  pending?: boolean;
  disabled?: boolean;
  color?: ButtonProps['color'];
}

/** A dialog's or a form's last row, at its right: Cancel, then the one button that does the work. */
export function DialogButtons({
  onCancel,
  submitLabel,
  onSubmit,
  pending,
  disabled,
  color,
  ...group
}: DialogButtonsProps) {
  return (
    <Group justify="flex-end" {...group}>
      <Button variant="default" onClick={onCancel}>
        {t('common.cancel')}
      </Button>
      <Button
        type={onSubmit ? 'button' : 'submit'}
        onClick={onSubmit}
        loading={pending}
        disabled={disabled}
        color={color}
      >
        {submitLabel}
      </Button>
    </Group>
  );
}
