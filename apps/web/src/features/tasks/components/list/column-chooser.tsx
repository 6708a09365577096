import type { ProjectCustomField } from '@figgle/shared/custom-field-schemas';
import { ActionIcon, Checkbox, Popover, Stack, Text } from '@mantine/core';
import { IconColumns3 } from '@tabler/icons-react';
import { t } from '../../../../lib/i18n/i18n';
import type { ListColumns } from './list-columns';

/** "Columns": turns "Last modified", "Created at" and the custom fields on or off, for this person. */
export function ColumnChooser({
  columns,
  onChange,
  fields = [],
  stacked = false,
}: {
  columns: ListColumns;
  onChange: (next: ListColumns) => void;
  /** The project's custom fields, each offered as a column. */
  fields?: readonly ProjectCustomField[];
  /** Below 600 px only the custom fields are offered (shown under the title). */
  stacked?: boolean;
}) {
  return (
    <Popover position="bottom-end" shadow="md" withArrow trapFocus>
      <Popover.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="sm"
          aria-label={t('tasks.columns')}
          title={t('tasks.columns')}
        >
          <IconColumns3 size={15} stroke={1.8} aria-hidden />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown aria-label={t('tasks.columns')} role="dialog">
        <Stack gap="xs">
          <Text size="xs" fw={600} c="dimmed">
            {t('tasks.showColumns')}
          </Text>
          {stacked ? null : (
            <>
              <Checkbox
                label={t('tasks.lastModified')}
                checked={columns.lastModified}
                onChange={(event) => onChange({ ...columns, lastModified: event.currentTarget.checked })}
              />
              <Checkbox
                label={t('tasks.createdAt')}
                checked={columns.created}
                onChange={(event) => onChange({ ...columns, created: event.currentTarget.checked })}
              />
            </>
          )}
          {fields.map((field) => (
            <Checkbox
              key={field.field_id}
              label={field.name}
              checked={columns.fields.includes(field.field_id)}
              onChange={(event) =>
                onChange({
                  ...columns,
                  fields: event.currentTarget.checked
                    ? [...columns.fields, field.field_id]
                    : columns.fields.filter((id) => id !== field.field_id),
                })
              }
            />
          ))}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
