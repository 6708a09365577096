import { ActionIcon, Checkbox, Popover, Stack, Text } from '@mantine/core';
import { IconColumns3 } from '@tabler/icons-react';
import type { ListColumns } from './list-columns';

/** "Columns": turns "Last modified" and "Created at" on or off, for this person. */
export function ColumnChooser({
  columns,
  onChange,
}: {
  columns: ListColumns;
  onChange: (next: ListColumns) => void;
}) {
  return (
    <Popover position="bottom-end" shadow="md" withArrow trapFocus>
      <Popover.Target>
        <ActionIcon variant="subtle" color="gray" size="sm" aria-label="Columns" title="Columns">
          <IconColumns3 size={15} stroke={1.8} aria-hidden />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown aria-label="Columns" role="dialog">
        <Stack gap="xs">
          <Text size="xs" fw={600} c="dimmed">
            Show columns
          </Text>
          <Checkbox
            label="Last modified"
            checked={columns.lastModified}
            onChange={(event) => onChange({ ...columns, lastModified: event.currentTarget.checked })}
          />
          <Checkbox
            label="Created at"
            checked={columns.created}
            onChange={(event) => onChange({ ...columns, created: event.currentTarget.checked })}
          />
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
