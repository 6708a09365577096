import type { ApiTokenScope, CreatedApiToken } from '@figgle/shared/api-token-schemas';
import { Button, Group, Radio, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useFormWrite } from '../../../lib/form-write';
import { t } from '../../../lib/i18n/i18n';
import { useCreateApiToken } from '../api/create-api-token';

const NAME_MAX = 60;

/** Name and scope of a new token; a refusal shows under the name. */
export function NewApiTokenForm({ onCreated }: { onCreated: (created: CreatedApiToken) => void }) {
  const create = useCreateApiToken();
  const [name, setName] = useState('');
  const [scope, setScope] = useState<ApiTokenScope>('read');
  const { error, send } = useFormWrite(create, t('settings.apiTokenCreateFailed'));

  function submit(event: FormEvent<HTMLFormElement>) {
    send(event, { name: name.trim(), scope }, (created) => {
      setName('');
      setScope('read');
      onCreated(created);
    });
  }

  return (
    <form onSubmit={submit} aria-label={t('settings.newApiToken')}>
      <Stack gap="md">
        <TextInput
          label={t('settings.tokenName')}
          description={t('settings.tokenNameHint')}
          name="name"
          required
          maxLength={NAME_MAX}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={error}
        />
        <Radio.Group
          label={t('settings.scope')}
          value={scope}
          onChange={(value) => setScope(value === 'read-write' ? 'read-write' : 'read')}
        >
          <Stack gap="xs" mt={6}>
            <Radio value="read" label={t('settings.readOnly')} description={t('settings.readOnlyHint')} />
            <Radio
              value="read-write"
              label={t('settings.readWrite')}
              description={t('settings.readWriteHint')}
            />
          </Stack>
        </Radio.Group>
        <Group>
          <Button type="submit" loading={create.isPending} disabled={name.trim() === ''}>
            {t('settings.createToken')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
