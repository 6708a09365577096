import { Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { useOrganizations } from '../../../shared/api/list-organizations';
import { useProjects } from '../../../shared/api/list-projects';
import { useCustomFields } from '../api/list-custom-fields';
import { FieldCard } from '../components/field-card';
import { NewFieldForm } from '../components/new-field-form';

/**
 * An organization's custom fields (docs/product.md#custom-fields): owners and members define them
 * here and turn each on in the projects that use it, and on their board cards.
 */
export function CustomFieldsPage() {
  const { organizationId = '' } = useParams();
  const organizations = useOrganizations();
  const organization = organizations.data?.find((candidate) => candidate.organization_id === organizationId);
  const fields = useCustomFields(organizationId);
  const projects = useProjects();
  const ownProjects = (projects.data ?? []).filter((project) => project.organization_id === organizationId);

  if (fields.isError) {
    return (
      <Text c="dimmed" size="sm">
        This organization does not exist or you are not one of its members.
      </Text>
    );
  }
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} fz={24}>
          {organization ? `Custom fields of ${organization.name}` : 'Custom fields'}
        </Title>
        <Text size="sm" c="dimmed">
          Fields of your own (“Platform”, “Customer”, “Effort”) for every task of the projects you turn them
          on in. They show on the task page, as columns of the list, and as lines on the board’s cards.
        </Text>
      </Stack>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={760}>
        <NewFieldForm organizationId={organizationId} />
      </Paper>
      {fields.data ? (
        fields.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            No custom field yet. Create one above.
          </Text>
        ) : (
          <Stack gap="md" maw={760}>
            {fields.data.map((field) => (
              <FieldCard
                key={field.field_id}
                field={field}
                projects={ownProjects}
                organizationId={organizationId}
              />
            ))}
          </Stack>
        )
      ) : (
        <Skeleton height={96} maw={760} aria-busy />
      )}
    </Stack>
  );
}
