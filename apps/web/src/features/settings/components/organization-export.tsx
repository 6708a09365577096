import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { ApiRequestError } from '../../../lib/api-client';
import { t } from '../../../lib/i18n/i18n';
import { toastError } from '../../../ui/toast';
import { useExportOrganization } from '../api/export-organization';

/** Owners only: every project, member and label of the organization in one JSON file. */
export function OrganizationExport({ organizationId }: { organizationId: string }) {
  const exportOrganization = useExportOrganization();
  return (
    <Stack gap="md" component="section" aria-labelledby="organization-export-title">
      <Title order={3} fz="md" fw={600} id="organization-export-title">
        {t('settings.export')}
      </Title>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={560}>
        <Stack gap="sm" align="flex-start">
          <Text size="sm" c="dimmed">
            {t('settings.exportText')}
          </Text>
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
            loading={exportOrganization.isPending}
            onClick={() =>
              exportOrganization.mutate(organizationId, {
                onError: (error) =>
                  toastError(error instanceof ApiRequestError ? error.message : t('settings.exportFailed')),
              })
            }
          >
            {t('settings.exportOrganization')}
          </Button>
        </Stack>
      </Paper>
    </Stack>
  );
}
