import { Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { t } from '../../../lib/i18n/i18n';
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
        {t('custom-fields.notFound')}
      </Text>
    );
  }
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} fz={24}>
          {organization ? t('custom-fields.titleOf', { name: organization.name }) : t('custom-fields.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('custom-fields.intro')}
        </Text>
      </Stack>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={760}>
        <NewFieldForm organizationId={organizationId} />
      </Paper>
      {fields.data ? (
        fields.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('custom-fields.empty')}
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
