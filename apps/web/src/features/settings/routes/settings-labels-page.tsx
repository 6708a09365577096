import { Alert, Anchor, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { ApiRequestError } from '../../../lib/api-client';
import { useLabels } from '../../../shared/api/list-labels';
import { paths } from '../../../shared/paths';
import { useOrganization } from '../api/get-organization';
import { LabelsTable } from '../components/labels-table';
import { NewLabelForm } from '../components/new-label-form';
import { useLoadErrorToast } from '../components/use-load-error-toast';

/** An organization's labels: owners and members create, rename, recolour and delete them. */
export function SettingsLabelsPage() {
  const { organizationId = '' } = useParams();
  const organization = useOrganization(organizationId);
  const labels = useLabels(organizationId);
  const notFound =
    (organization.error instanceof ApiRequestError && organization.error.statusCode === 404) ||
    (labels.error instanceof ApiRequestError && labels.error.statusCode === 404);
  useLoadErrorToast((organization.isError || labels.isError) && !notFound);

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
          {organization.data ? `Labels of ${organization.data.name}` : 'Labels'}
        </Title>
        <Text size="sm" c="dimmed">
          Labels sort the organization’s tasks into kinds everyone can see on lists and boards. Each has a
          name of 1 to 30 characters, unique in the organization, and a colour.
        </Text>
      </Stack>

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
    </Stack>
  );
}
