import { Badge, Table, Text } from '@mantine/core';
import { intlLocale, t } from '../../../lib/i18n/i18n';
import { useWebhookDeliveries } from '../api/list-webhook-deliveries';
import { LoadedList } from './loaded-list';

const outcomeLabels = () => ({
  succeeded: t('settings.outcomeSucceeded'),
  retrying: t('settings.outcomeRetrying'),
  failed: t('settings.outcomeFailed'),
});
const OUTCOME_COLORS = { succeeded: 'green', retrying: 'yellow', failed: 'red' } as const;

/** Every attempt to deliver to one webhook, newest first; it reads itself again every few seconds. */
export function WebhookDeliveryLog({
  organizationId,
  webhookId,
  url,
}: {
  organizationId: string;
  webhookId: string;
  url: string;
}) {
  const deliveries = useWebhookDeliveries(organizationId, webhookId);
  const outcomes = outcomeLabels();
  return (
    <LoadedList read={deliveries} empty={t('settings.deliveriesEmpty')} height={60} inset={false}>
      {(items) => (
        <Table.ScrollContainer minWidth={600}>
          <Table verticalSpacing={4} fz="sm" aria-label={t('settings.deliveryLogOf', { url })}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('settings.time')}</Table.Th>
                <Table.Th>{t('settings.event')}</Table.Th>
                <Table.Th>{t('settings.statusCode')}</Table.Th>
                <Table.Th>{t('settings.attempt')}</Table.Th>
                <Table.Th>{t('settings.result')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((delivery) => (
                <Table.Tr key={delivery.attempt_id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {new Date(delivery.created_at).toLocaleString(intlLocale())}
                  </Table.Td>
                  <Table.Td>
                    <Text span ff="monospace" fz="sm">
                      {delivery.event}
                    </Text>
                  </Table.Td>
                  <Table.Td>{delivery.status_code ?? '—'}</Table.Td>
                  <Table.Td>{delivery.attempt}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={OUTCOME_COLORS[delivery.outcome]} radius="sm" tt="none">
                      {outcomes[delivery.outcome]}
                    </Badge>
                    {delivery.error ? (
                      <Text size="xs" c="dimmed" mt={2} style={{ overflowWrap: 'anywhere' }}>
                        {delivery.error}
                      </Text>
                    ) : null}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </LoadedList>
  );
}
