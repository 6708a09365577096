import type { TestUser } from '@figgle/test-support/users';

export interface CreatedWebhookAnswer {
  webhook_id: string;
  secret: string;
  url: string;
  events: string[];
  active: boolean;
}

export interface DeliveryLogLine {
  delivery_id: string;
  event: string;
  attempt: number;
  outcome: 'succeeded' | 'retrying' | 'failed';
  status_code: number | null;
  error: string | null;
}

const ALL_EVENTS = [
  'task.created',
  'task.updated',
  'task.moved',
  'task.deleted',
  'comment.created',
  'figma_event.received',
];

export async function addWebhook(
  owner: TestUser,
  organizationId: string,
  url: string,
  events = ALL_EVENTS,
): Promise<CreatedWebhookAnswer> {
  const response = await owner.api(`/api/organizations/${organizationId}/webhooks`, {
    body: { url, events },
  });
  if (response.status !== 201) throw new Error(`webhook not created: ${await response.text()}`);
  return (await response.json()) as CreatedWebhookAnswer;
}

export async function deliveryLog(
  owner: TestUser,
  organizationId: string,
  webhookId: string,
): Promise<DeliveryLogLine[]> {
  const response = await owner.api(`/api/organizations/${organizationId}/webhooks/${webhookId}/deliveries`);
  if (response.status !== 200) throw new Error(`log not read: ${await response.text()}`);
  return (await response.json()) as DeliveryLogLine[];
}

export async function sendTestEvent(
  owner: TestUser,
  organizationId: string,
  webhookId: string,
): Promise<string> {
  const response = await owner.api(`/api/organizations/${organizationId}/webhooks/${webhookId}/test`, {
    method: 'POST',
  });
  if (response.status !== 202) throw new Error(`test not queued: ${await response.text()}`);
  return ((await response.json()) as { delivery_id: string }).delivery_id;
}
