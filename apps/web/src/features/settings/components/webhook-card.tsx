import type { Webhook } from '@figgle/shared/webhook-schemas';
import { Alert, Badge, Button, Group, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { refusalText } from '../../../lib/api-client';
import { t } from '../../../lib/i18n/i18n';
import { confirm } from '../../../ui/confirm/confirm-service';
import { toastError, toastSuccess } from '../../../ui/toast';
import { useDeleteWebhook } from '../api/delete-webhook';
import { useSendWebhookTest } from '../api/send-webhook-test';
import { useSetWebhookActive } from '../api/set-webhook-active';
import { WebhookDeliveryLog } from './webhook-delivery-log';
import { webhookEventLabels } from './webhook-event-labels';

const reason = (error: unknown) => refusalText(error, t('settings.reloadAndRetry'));

/** One webhook: its URL and events, on/off, a test event, deletion, and its delivery log. */
export function WebhookCard({ organizationId, webhook }: { organizationId: string; webhook: Webhook }) {
  const setActive = useSetWebhookActive(organizationId);
  const remove = useDeleteWebhook(organizationId);
  const sendTest = useSendWebhookTest(organizationId);

  async function askToDelete() {
    const sure = await confirm({
      title: t('settings.deleteWebhookTitle'),
      text: t('settings.deleteWebhookText', { url: webhook.url }),
      confirmLabel: t('settings.deleteWebhook'),
    });
    if (!sure) return;
    remove.mutate(webhook.webhook_id, {
      onSuccess: () => toastSuccess(t('settings.webhookDeleted')),
      onError: (error) => toastError(reason(error)),
    });
  }

  const eventLabels = webhookEventLabels();
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-label={t('settings.webhookAria', { url: webhook.url })}
    >
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <Stack gap={6} miw={0} flex="1 1 240px">
            <Text ff="monospace" fz="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
              {webhook.url}
            </Text>
            <Group gap={6}>
              {webhook.events.map((event) => (
                <Badge key={event} variant="light" color="gray" radius="sm" tt="none">
                  {eventLabels[event]}
                </Badge>
              ))}
            </Group>
          </Stack>
          <Switch
            label={t('settings.enabled')}
            checked={webhook.active}
            disabled={setActive.isPending}
            onChange={(event) =>
              setActive.mutate(
                { webhookId: webhook.webhook_id, active: event.currentTarget.checked },
                { onError: (error) => toastError(reason(error)) },
              )
            }
          />
        </Group>
        {webhook.paused_at && (
          <Alert color="orange" variant="light" title={t('settings.pausedByFiggle')} role="status">
            <Stack gap="xs" align="flex-start">
              <Text fz="sm">{webhook.paused_reason}</Text>
              <Button
                size="xs"
                color="orange"
                loading={setActive.isPending}
                onClick={() =>
                  setActive.mutate(
                    { webhookId: webhook.webhook_id, active: true },
                    {
                      onSuccess: () => toastSuccess(t('settings.webhookResumed')),
                      onError: (error) => toastError(reason(error)),
                    },
                  )
                }
              >
                {t('settings.resumeWebhook')}
              </Button>
            </Stack>
          </Alert>
        )}
        <Group gap="sm">
          <Button
            size="xs"
            variant="light"
            loading={sendTest.isPending}
            disabled={!webhook.active}
            onClick={() =>
              sendTest.mutate(webhook.webhook_id, {
                onSuccess: () => toastSuccess(t('settings.testEventSent')),
                onError: (error) => toastError(reason(error)),
              })
            }
          >
            {t('settings.sendTestEvent')}
          </Button>
          <Button
            size="xs"
            variant="subtle"
            color="red"
            loading={remove.isPending}
            onClick={() => void askToDelete()}
          >
            {t('settings.deleteWebhook')}
          </Button>
        </Group>
        <Stack gap="xs">
          <Title order={4} fz="sm" fw={600}>
            {t('settings.deliveryLog')}
          </Title>
          <WebhookDeliveryLog
            organizationId={organizationId}
            webhookId={webhook.webhook_id}
            url={webhook.url}
          />
        </Stack>
      </Stack>
    </Paper>
  );
}
