import { Paper } from '@mantine/core';
import { useParams } from 'react-router';
import { t } from '../../../lib/i18n/i18n';
import { useLabels } from '../../../shared/api/list-labels';
import { useOrganization } from '../api/get-organization';
import { LabelsTable } from '../components/labels-table';
import { LoadedList } from '../components/loaded-list';
import { NewLabelForm } from '../components/new-label-form';
import {
  OrganizationPageFrame,
  OrganizationPageHeading,
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
        <OrganizationPageHeading
          title={
            organization.data
              ? t('settings.labelsOf', { name: organization.data.name })
              : t('settings.labels')
          }
          intro={t('settings.labelsIntro')}
        />
      }
    >
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={720}>
        <NewLabelForm organizationId={organizationId} labels={labels.data ?? []} />
      </Paper>

      <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }} maw={720}>
        <LoadedList read={labels} empty={t('settings.labelsEmpty')} height={96}>
          {(items) => <LabelsTable organizationId={organizationId} labels={items} />}
        </LoadedList>
      </Paper>
    </OrganizationPageFrame>
  );
}
