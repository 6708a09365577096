import type { CreatedWebhook } from '@figgle/shared/webhook-schemas';
import { Alert, Anchor, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ApiRequestError } from '../../../lib/api-client';
import { paths } from '../../../shared/paths';
import { useOrganization } from '../api/get-organization';
import { useWebhooks } from '../api/list-webhooks';
import { NewWebhookForm } from '../components/new-webhook-form';
import { useLoadErrorToast } from '../components/use-load-error-toast';
import { WebhookCard } from '../components/webhook-card';
import { WebhookSecretAlert } from '../components/webhook-secret-alert';

const statusOf = (error: unknown) => (error instanceof ApiRequestError ? error.statusCode : null);

/** An organization's outgoing webhooks (docs/product.md#webhooks): owners add, test and remove them. */
export function SettingsWebhooksPage() {
  const { organizationId = '' } = useParams();
  const organization = useOrganization(organizationId);
  const webhooks = useWebhooks(organizationId);
  const [created, setCreated] = useState<CreatedWebhook | null>(null);
  const notFound = statusOf(organization.error) === 404 || statusOf(webhooks.error) === 404;
  const notOwner = statusOf(webhooks.error) === 403;
  useLoadErrorToast((organization.isError || webhooks.isError) && !notFound && !notOwner);

  if (notFound) {
    return (
      <Alert color="gray" title="Organization not found" maw={560}>
        <Text size="sm">
          This organization does not exist or you are not one of its members.{' '}
          <Anchor component={Link} to={paths.settingsProfile}>
            Back to my profile
          </Anchor>
        </Text>
      </Alert>
    );
  }

  return (
    <Stack gap="xl">
      <Stack gap={4}>
        <Title order={2} fz="lg" fw={600} style={{ overflowWrap: 'anywhere' }}>
          {organization.data ? `Webhooks of ${organization.data.name}` : 'Webhooks'}
        </Title>
        <Text size="sm" c="dimmed" maw={720}>
          A webhook tells another system what happens in this organization: Figgle sends a signed JSON POST to
          its URL when a task is created, changed, moved or deleted, a comment is written or a Figma comment
          arrives. Failed deliveries are tried again for about an hour.
        </Text>
      </Stack>

      {notOwner ? (
        <Alert color="gray" title="Owners only" maw={560}>
          <Text size="sm">Only owners of the organization see and manage its webhooks.</Text>
        </Alert>
      ) : (
        <>
          {created ? <WebhookSecretAlert webhook={created} onDone={() => setCreated(null)} /> : null}
          <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={720}>
            <NewWebhookForm organizationId={organizationId} onCreated={setCreated} />
          </Paper>
          {webhooks.data ? (
            webhooks.data.length === 0 ? (
              <Text size="sm" c="dimmed">
                No webhooks yet. Add one above.
              </Text>
            ) : (
              <Stack gap="md" maw={960}>
                {webhooks.data.map((webhook) => (
                  <WebhookCard key={webhook.webhook_id} organizationId={organizationId} webhook={webhook} />
                ))}
              </Stack>
            )
          ) : (
            <Skeleton height={120} aria-busy={webhooks.isPending} />
          )}
        </>
      )}
    </Stack>
  );
}
