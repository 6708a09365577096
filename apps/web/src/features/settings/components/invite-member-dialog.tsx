import { MESSAGES } from '@figgle/shared/constants';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { type FormEvent, useState } from 'react';
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
          toastSuccess(MESSAGES.memberInvited(result.email));
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
      <Button onClick={dialog.open}>Invite a new member</Button>
      <Modal
        opened={opened}
        onClose={close}
        title="Invite a new member"
        centered
        radius="lg"
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <form onSubmit={handleSubmit} aria-label="Invite a new member">
          <Stack gap="md">
            <TextInput
              label="Firstname"
              {...nonBlank('Firstname')}
              maxLength={100}
              data-autofocus
              {...field('firstname')}
            />
            <TextInput label="Lastname" {...nonBlank('Lastname')} maxLength={100} {...field('lastname')} />
            <TextInput
              label="Email"
              type="email"
              required
              maxLength={254}
              autoComplete="off"
              {...field('email')}
            />
            <Group justify="flex-end" mt="sm">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" loading={invite.isPending}>
                Invite
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
