import { Badge, Skeleton, Table, Text } from '@mantine/core';
import { useWebhookDeliveries } from '../api/list-webhook-deliveries';

const OUTCOME_LABELS = { succeeded: 'Delivered', retrying: 'Will retry', failed: 'Failed' } as const;
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
  if (!deliveries.data) return <Skeleton height={60} aria-busy={deliveries.isPending} />;
  if (deliveries.data.length === 0)
    return (
      <Text size="sm" c="dimmed">
        Nothing sent yet. Deliveries appear here a moment after an event, or after “Send test event”.
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={600}>
      <Table verticalSpacing={4} fz="sm" aria-label={`Delivery log of ${url}`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Time</Table.Th>
            <Table.Th>Event</Table.Th>
            <Table.Th>Status code</Table.Th>
            <Table.Th>Attempt</Table.Th>
            <Table.Th>Result</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {deliveries.data.map((delivery) => (
            <Table.Tr key={delivery.attempt_id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {new Date(delivery.created_at).toLocaleString()}
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
                  {OUTCOME_LABELS[delivery.outcome]}
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
  );
}
