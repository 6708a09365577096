import type { CreatedWebhook } from '@figgle/shared/webhook-schemas';
import { Alert, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useParams } from 'react-router';
import { ApiRequestError } from '../../../lib/api-client';
import { t } from '../../../lib/i18n/i18n';
import { useOrganization } from '../api/get-organization';
import { useWebhooks } from '../api/list-webhooks';
import { LoadedList } from '../components/loaded-list';
import { NewWebhookForm } from '../components/new-webhook-form';
import {
  OrganizationPageFrame,
  OrganizationPageHeading,
  organizationMissing,
} from '../components/organization-page-frame';
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
  const notFound = organizationMissing(organization.error, webhooks.error);
  const notOwner = statusOf(webhooks.error) === 403;
  useLoadErrorToast((organization.isError || webhooks.isError) && !notFound && !notOwner);

  return (
    <OrganizationPageFrame
      missing={notFound}
      title={
        <OrganizationPageHeading
          title={
            organization.data
              ? t('settings.webhooksOf', { name: organization.data.name })
              : t('settings.webhooks')
          }
          intro={t('settings.webhooksIntro')}
          introMaw={720}
        />
      }
    >
      {notOwner ? (
        <Alert color="gray" title={t('settings.ownersOnly')} maw={560}>
          <Text size="sm">{t('settings.ownersOnlyText')}</Text>
        </Alert>
      ) : (
        <>
          {created ? <WebhookSecretAlert webhook={created} onDone={() => setCreated(null)} /> : null}
          <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={720}>
            <NewWebhookForm organizationId={organizationId} onCreated={setCreated} />
          </Paper>
          <LoadedList read={webhooks} empty={t('settings.webhooksEmpty')} height={120} inset={false}>
            {(items) => (
              <Stack gap="md" maw={960}>
                {items.map((webhook) => (
                  <WebhookCard key={webhook.webhook_id} organizationId={organizationId} webhook={webhook} />
                ))}
              </Stack>
            )}
          </LoadedList>
        </>
      )}
    </OrganizationPageFrame>
  );
}
