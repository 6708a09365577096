import { Button, Modal, Stack, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { type FormEvent, useState } from 'react';
import { t } from '../../../lib/i18n/i18n';
import { DialogButtons } from '../../../ui/dialog-buttons';
import { showErrorDialog } from '../../../ui/error-dialog';
import { toastSuccess } from '../../../ui/toast';
import { useInviteMember } from '../api/invite-member';
import { nonBlank } from './non-blank';

const EMPTY = { firstname: '', lastname: '', email: '' };

/** Owners only: "Invite a new member" opens a dialog; the role is always MEMBER. */
export function InviteMemberDialog({ organizationId }: { organizationId: string }) {
  const [opened, dialog] = useDisclosure(false);
  const [values, setValues] = useState(EMPTY);
  const invite = useInviteMember(organizationId);

  function close() {
    dialog.close();
    setValues(EMPTY);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    invite.mutate(
      { firstname: values.firstname.trim(), lastname: values.lastname.trim(), email: values.email.trim() },
      {
        onSuccess: (result) => {
          toastSuccess(t('messages.memberInvited', { email: result.email }));
          close();
        },
        onError: (error) => void showErrorDialog(error),
      },
    );
  }

  const field = (name: keyof typeof EMPTY) => ({
    name,
    value: values[name],
    onChange: (event: { currentTarget: HTMLInputElement }) => {
      const { value } = event.currentTarget;
      setValues((current) => ({ ...current, [name]: value }));
    },
  });

  return (
    <>
      <Button onClick={dialog.open}>{t('settings.inviteMember')}</Button>
      <Modal
        opened={opened}
        onClose={close}
        title={t('settings.inviteMember')}
        radius="lg"
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        <form onSubmit={handleSubmit} aria-label={t('settings.inviteMember')}>
          <Stack gap="md">
            <TextInput
              label={t('settings.firstname')}
              {...nonBlank(t('settings.firstnameNotBlank'))}
              maxLength={100}
              data-autofocus
              {...field('firstname')}
            />
            <TextInput
              label={t('settings.lastname')}
              {...nonBlank(t('settings.lastnameNotBlank'))}
              maxLength={100}
              {...field('lastname')}
            />
            <TextInput
              label={t('settings.email')}
              type="email"
              required
              maxLength={254}
              autoComplete="off"
              {...field('email')}
            />
            <DialogButtons
              onCancel={close}
              submitLabel={t('settings.invite')}
              pending={invite.isPending}
              mt="sm"
            />
          </Stack>
        </form>
      </Modal>
    </>
  );
}
