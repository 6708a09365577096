import {
  type CreatedWebhook,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENTS,
  WEBHOOK_URL_MAX,
  type WebhookEvent,
} from '@figgle/shared/webhook-schemas';
import { Button, Checkbox, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { ApiRequestError } from '../../../lib/api-client';
import { useCreateWebhook } from '../api/create-webhook';

/** URL and events of a new webhook; a refusal (a private address, a bad URL) shows under the URL. */
export function NewWebhookForm({
  organizationId,
  onCreated,
}: {
  organizationId: string;
  onCreated: (webhook: CreatedWebhook) => void;
}) {
  const create = useCreateWebhook(organizationId);
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>([...WEBHOOK_EVENTS]);
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    create.mutate(
      { url: url.trim(), events },
      {
        onSuccess: (created) => {
          setUrl('');
          setEvents([...WEBHOOK_EVENTS]);
          onCreated(created);
        },
        onError: (failure) =>
          setError(
            failure instanceof ApiRequestError && failure.statusCode < 500
              ? failure.message
              : 'Sorry, the webhook could not be added. Please try again.',
          ),
      },
    );
  }

  return (
    <form onSubmit={submit} aria-label="New webhook">
      <Stack gap="md">
        <TextInput
          label="URL"
          name="url"
          type="url"
          required
          placeholder="https://example.com/figgle-hook"
          description="Figgle sends a signed POST with a JSON body to this address for each event you choose."
          maxLength={WEBHOOK_URL_MAX}
          value={url}
          onChange={(event) => setUrl(event.currentTarget.value)}
          error={error}
        />
        <Checkbox.Group
          label="Events"
          value={events}
          onChange={(value) => setEvents(value as WebhookEvent[])}
          error={events.length === 0 ? 'Choose at least one event.' : null}
        >
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" verticalSpacing="xs" mt="xs">
            {WEBHOOK_EVENTS.map((event) => (
              <Checkbox key={event} value={event} label={WEBHOOK_EVENT_LABELS[event]} />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        <Group>
          <Button
            type="submit"
            loading={create.isPending}
            disabled={url.trim() === '' || events.length === 0}
          >
            Add webhook
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
