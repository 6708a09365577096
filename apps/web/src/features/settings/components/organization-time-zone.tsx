import { Select, Stack, Text } from '@mantine/core';
import { t } from '../../../lib/i18n/i18n';
import { toastError, toastSuccess } from '../../../ui/toast';
import { useOrganizationTimeZone, useSetOrganizationTimeZone } from '../api/organization-time-zone';

function zones(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set(['UTC', current, ...known])];
}

/**
 * The organization's time zone (docs/product.md#recurring-tasks): recurring tasks count days and keep
 * due times in it. Owners pick it; members read it.
 */
export function OrganizationTimeZone({
  organizationId,
  editable,
}: {
  organizationId: string;
  editable: boolean;
}) {
  const zone = useOrganizationTimeZone(organizationId);
  const setZone = useSetOrganizationTimeZone(organizationId);
  const current = zone.data?.time_zone ?? 'UTC';
  if (!editable) {
    return (
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          {t('settings.timeZone')}
        </Text>
        <Text>{current}</Text>
      </Stack>
    );
  }
  return (
    <Select
      label={t('settings.timeZone')}
      description={t('settings.organizationTimeZoneHint')}
      searchable
      allowDeselect={false}
      disabled={zone.isPending || setZone.isPending}
      nothingFoundMessage={t('messages.selectNoMatch')}
      data={zones(current)}
      value={current}
      onChange={(value) => {
        if (!value || value === current) return;
        setZone.mutate(value, {
          onSuccess: () => toastSuccess(t('messages.organizationUpdated')),
          onError: () => toastError(t('messages.saveFailed')),
        });
      }}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
