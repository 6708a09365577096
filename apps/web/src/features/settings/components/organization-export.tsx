import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { ApiRequestError } from '../../../lib/api-client';
import { toastError } from '../../../ui/toast';
import { useExportOrganization } from '../api/export-organization';

/** Owners only: every project, member and label of the organization in one JSON file. */
export function OrganizationExport({ organizationId }: { organizationId: string }) {
  const exportOrganization = useExportOrganization();
  return (
    <Stack gap="md" component="section" aria-labelledby="organization-export-title">
      <Title order={3} fz="md" fw={600} id="organization-export-title">
        Export
      </Title>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={560}>
        <Stack gap="sm" align="flex-start">
          <Text size="sm" c="dimmed">
            One JSON file with every project of the organization (tasks, comments, change log, checklists and
            file references), its labels and its members with their emails.
          </Text>
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
            loading={exportOrganization.isPending}
            onClick={() =>
              exportOrganization.mutate(organizationId, {
                onError: (error) =>
                  toastError(
                    error instanceof ApiRequestError ? error.message : 'The export could not be downloaded.',
                  ),
              })
            }
          >
            Export organization
          </Button>
        </Stack>
      </Paper>
    </Stack>
  );
}
