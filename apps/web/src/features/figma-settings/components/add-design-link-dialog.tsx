import { MESSAGES } from '@figgle/shared/constants';
import { Alert, Button, Group, Modal, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { type FormEvent, useState } from 'react';
import { confirm } from '../../../ui/confirm/confirm-service';
import { toastSuccess } from '../../../ui/toast';
import { useCreateDesignLink } from '../api/create-design-link';
import { useLinkProjects } from '../api/list-link-projects';

/** 'Add a new link': a file id (or the file's address) and a project of an organization the user owns. */
export function AddDesignLinkDialog() {
  const [opened, dialog] = useDisclosure(false);
  const [fileId, setFileId] = useState('');
  const [projectId, setProjectId] = useState('');
  const projects = useLinkProjects(opened);
  const create = useCreateDesignLink();

  function close() {
    dialog.close();
    setFileId('');
    setProjectId('');
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    create.mutate(
      { figma_file_id: fileId.trim(), project_id: projectId },
      {
        onSuccess: () => {
          toastSuccess(MESSAGES.figmaLinkCreated);
          close();
        },
        onError: (error) =>
          void confirm({
            title: MESSAGES.somethingWentWrongTitle,
            text: MESSAGES.withReloadAdvice(error.message),
            noCancel: true,
          }),
      },
    );
  }

  const options = (projects.data ?? []).map((project) => ({
    value: project.project_id,
    label: `${project.name} (${project.organization_name})`,
  }));

  return (
    <>
      <Button onClick={dialog.open}>Add a new link</Button>
      <Modal
        opened={opened}
        onClose={close}
        title="Add a new link"
        centered
        radius="lg"
        // Below the app's confirm dialog (z-index 200), which reports a failure over this one.
        zIndex={190}
      >
        <form onSubmit={handleSubmit} aria-label="Add a new link">
          <Stack gap="md">
            <TextInput
              label="Figma file id"
              description="The id, or the whole address of the file."
              placeholder="zH44k2FUM629Fa4EMShiHL"
              required
              pattern="\s*\S+\s*"
              maxLength={2048}
              autoComplete="off"
              spellCheck={false}
              data-autofocus
              value={fileId}
              onChange={(event) => setFileId(event.currentTarget.value)}
            />
            <NativeSelect
              label="Project"
              description="Only projects of the organizations you own."
              required
              value={projectId}
              onChange={(event) => setProjectId(event.currentTarget.value)}
              data={[
                {
                  value: '',
                  label: projects.isPending ? 'Loading' : MESSAGES.selectPlaceholder,
                  disabled: true,
                },
                ...options,
              ]}
            />
            <Alert variant="light" color="gray" radius="md" title="Where is the file id?">
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                Open the file in Figma and copy its address: the id is the part after <code>/design/</code>{' '}
                (or <code>/file/</code>), for example figma.com/design/<strong>zH44k2FUM629Fa4EMShiHL</strong>
                /Checkout. Pasting the whole address works too.
              </Text>
            </Alert>
            <Group justify="flex-end" mt="sm">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" loading={create.isPending}>
                Create
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
