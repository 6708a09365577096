import {
  type CreatedWebhook,
  WEBHOOK_EVENTS,
  WEBHOOK_URL_MAX,
  type WebhookEvent,
} from '@figgle/shared/webhook-schemas';
import { Button, Checkbox, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useFormWrite } from '../../../lib/form-write';
import { t } from '../../../lib/i18n/i18n';
import { useCreateWebhook } from '../api/create-webhook';
import { webhookEventLabels } from './webhook-event-labels';

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
  const { error, send } = useFormWrite(create, t('settings.webhookAddFailed'));

  function submit(event: FormEvent<HTMLFormElement>) {
    send(event, { url: url.trim(), events }, (created) => {
      setUrl('');
      setEvents([...WEBHOOK_EVENTS]);
      onCreated(created);
    });
  }

  const eventLabels = webhookEventLabels();
  return (
    <form onSubmit={submit} aria-label={t('settings.newWebhook')}>
      <Stack gap="md">
        <TextInput
          label={t('settings.url')}
          name="url"
          type="url"
          required
          // i18n-ignore: an example address, the same in every language
          placeholder="https://example.com/figgle-hook"
          description={t('settings.urlHint')}
          maxLength={WEBHOOK_URL_MAX}
          value={url}
          onChange={(event) => setUrl(event.currentTarget.value)}
          error={error}
        />
        <Checkbox.Group
          label={t('settings.events')}
          value={events}
          onChange={(value) => setEvents(value as WebhookEvent[])}
          error={events.length === 0 ? t('settings.chooseEvent') : null}
        >
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" verticalSpacing="xs" mt="xs">
            {WEBHOOK_EVENTS.map((event) => (
              <Checkbox key={event} value={event} label={eventLabels[event]} />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        <Group>
          <Button
            type="submit"
            loading={create.isPending}
            disabled={url.trim() === '' || events.length === 0}
          >
            {t('settings.addWebhook')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
