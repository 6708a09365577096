import { TRASH_DAYS } from '@figgle/shared/trash-schemas';
import { Paper } from '@mantine/core';
import { useParams } from 'react-router';
import { t } from '../../../lib/i18n/i18n';
import { useOrganization } from '../api/get-organization';
import { useTrash } from '../api/list-trash';
import { LoadedList } from '../components/loaded-list';
import {
  OrganizationPageFrame,
  OrganizationPageHeading,
  organizationMissing,
} from '../components/organization-page-frame';
import { TrashList } from '../components/trash-list';
import { useLoadErrorToast } from '../components/use-load-error-toast';

/** Settings › Trash (docs/product.md#trash): what the organization deleted, restorable for 30 days. */
export function SettingsTrashPage() {
  const { organizationId = '' } = useParams();
  const organization = useOrganization(organizationId);
  const trash = useTrash(organizationId);
  const notFound = organizationMissing(organization.error, trash.error);
  useLoadErrorToast((organization.isError || trash.isError) && !notFound);

  return (
    <OrganizationPageFrame
      missing={notFound}
      title={
        <OrganizationPageHeading
          title={
            organization.data ? t('settings.trashOf', { name: organization.data.name }) : t('settings.trash')
          }
          intro={t('settings.trashIntro', { days: TRASH_DAYS })}
        />
      }
    >
      <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }} maw={720}>
        <LoadedList read={trash} empty={t('settings.trashEmpty')} height={96}>
          {(items) => <TrashList organizationId={organizationId} items={items} />}
        </LoadedList>
      </Paper>
    </OrganizationPageFrame>
  );
}
