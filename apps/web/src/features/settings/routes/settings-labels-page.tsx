import { Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useParams } from 'react-router';
import { useLabels } from '../../../shared/api/list-labels';
import { useOrganization } from '../api/get-organization';
import { LabelsTable } from '../components/labels-table';
import { NewLabelForm } from '../components/new-label-form';
import {
  OrganizationPageFrame,
  OrganizationPageTitle,
  organizationMissing,
} from '../components/organization-page-frame';
import { useLoadErrorToast } from '../components/use-load-error-toast';

/** An organization's labels: owners and members create, rename, recolour and delete them. */
export function SettingsLabelsPage() {
  const { organizationId = '' } = useParams();
  const organization = useOrganization(organizationId);
  const labels = useLabels(organizationId);
  const notFound = organizationMissing(organization.error, labels.error);
  useLoadErrorToast((organization.isError || labels.isError) && !notFound);

  return (
    <OrganizationPageFrame
      missing={notFound}
      title={
        <Stack gap={4}>
          <OrganizationPageTitle>
            {organization.data ? `Labels of ${organization.data.name}` : 'Labels'}
          </OrganizationPageTitle>
          <Text size="sm" c="dimmed">
            Labels sort the organization’s tasks into kinds everyone can see on lists and boards. Each has a
            name of 1 to 30 characters, unique in the organization, and a colour.
          </Text>
        </Stack>
      }
    >
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={720}>
        <NewLabelForm organizationId={organizationId} labels={labels.data ?? []} />
      </Paper>

      <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }} maw={720}>
        {labels.data ? (
          labels.data.length === 0 ? (
            <Text size="sm" c="dimmed" p="xs">
              No labels yet. Create one above, or type a new name in a task’s label picker.
            </Text>
          ) : (
            <LabelsTable organizationId={organizationId} labels={labels.data} />
          )
        ) : (
          <Skeleton height={96} aria-busy={labels.isPending} />
        )}
      </Paper>
    </OrganizationPageFrame>
  );
}
