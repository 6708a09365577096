import { Alert, Button, Modal, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { type FormEvent, useState } from 'react';
import { t, tRich } from '../../../lib/i18n/i18n';
import { confirm } from '../../../ui/confirm/confirm-service';
import { DialogButtons } from '../../../ui/dialog-buttons';
import { toastSuccess } from '../../../ui/toast';
import { useCreateDesignLink } from '../api/create-design-link';
import { useLinkProjects } from '../api/list-link-projects';

/** A message as a sentence, ending with a full stop, for the "Something went wrong" dialog. */
function asSentence(message: string): string {
  const text = message.trim() || t('messages.loadFailed');
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

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
          toastSuccess(t('messages.figmaLinkCreated'));
          close();
        },
        onError: (error) =>
          void confirm({
            title: t('messages.somethingWentWrongTitle'),
            text: t('messages.withReloadAdvice', { message: asSentence(error.message) }),
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
      <Button onClick={dialog.open}>{t('figma-settings.addLink')}</Button>
      <Modal
        opened={opened}
        onClose={close}
        title={t('figma-settings.addLink')}
        radius="lg"
        // Below the app's confirm dialog (z-index 200), which reports a failure over this one.
        zIndex={190}
      >
        <form onSubmit={handleSubmit} aria-label={t('figma-settings.addLink')}>
          <Stack gap="md">
            <TextInput
              label={t('figma-settings.fileId')}
              description={t('figma-settings.fileIdHint')}
              // i18n-ignore: an example file id, the same in every language
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
              label={t('figma-settings.project')}
              description={t('figma-settings.projectHint')}
              required
              value={projectId}
              onChange={(event) => setProjectId(event.currentTarget.value)}
              data={[
                {
                  value: '',
                  label: projects.isPending ? t('figma-settings.loading') : t('messages.selectPlaceholder'),
                  disabled: true,
                },
                ...options,
              ]}
            />
            <Alert variant="light" color="gray" radius="md" title={t('figma-settings.whereFileId')}>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {tRich('figma-settings.whereFileIdText', {
                  code: (chunks) => <code>{chunks}</code>,
                  strong: (chunks) => <strong>{chunks}</strong>,
                })}
              </Text>
            </Alert>
            <DialogButtons
              onCancel={close}
              submitLabel={t('figma-settings.create')}
              pending={create.isPending}
              mt="sm"
            />
          </Stack>
        </form>
      </Modal>
    </>
  );
}
