import type { ApiTokenScope, CreatedApiToken } from '@figgle/shared/api-token-schemas';
import { Button, Group, Radio, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { ApiRequestError } from '../../../lib/api-client';
import { useCreateApiToken } from '../api/create-api-token';

const NAME_MAX = 60;

/** Name and scope of a new token; a refusal shows under the name. */
export function NewApiTokenForm({ onCreated }: { onCreated: (created: CreatedApiToken) => void }) {
  const create = useCreateApiToken();
  const [name, setName] = useState('');
  const [scope, setScope] = useState<ApiTokenScope>('read');
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    create.mutate(
      { name: name.trim(), scope },
      {
        onSuccess: (created) => {
          setName('');
          setScope('read');
          onCreated(created);
        },
        onError: (failure) =>
          setError(
            failure instanceof ApiRequestError && failure.statusCode < 500
              ? failure.message
              : 'Sorry, the token could not be created. Please try again.',
          ),
      },
    );
  }

  return (
    <form onSubmit={submit} aria-label="New API token">
      <Stack gap="md">
        <TextInput
          label="Token name"
          description="So you know which script holds it, e.g. “Nightly report”."
          name="name"
          required
          maxLength={NAME_MAX}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={error}
        />
        <Radio.Group
          label="Scope"
          value={scope}
          onChange={(value) => setScope(value === 'read-write' ? 'read-write' : 'read')}
        >
          <Stack gap="xs" mt={6}>
            <Radio value="read" label="Read only" description="Looks at what you can see; changes nothing." />
            <Radio
              value="read-write"
              label="Read and write"
              description="Does whatever you may do: creates, changes and deletes."
            />
          </Stack>
        </Radio.Group>
        <Group>
          <Button type="submit" loading={create.isPending} disabled={name.trim() === ''}>
            Create token
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
