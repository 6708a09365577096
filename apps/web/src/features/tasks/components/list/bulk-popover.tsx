import { Button, Popover } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/**
 * A button of the bulk bar that opens a small form above it (a due date, a custom field's value);
 * the form closes it through `setOpened` once its choice is sent.
 */
export function BulkPopover({
  label,
  opened,
  setOpened,
  minWidth,
  children,
}: {
  label: string;
  opened: boolean;
  setOpened: (opened: boolean) => void;
  minWidth?: number;
  children: ReactNode;
}) {
  return (
    <Popover opened={opened} onChange={setOpened} position="top" withinPortal shadow="md" trapFocus>
      <Popover.Target>
        <Button
          size="compact-sm"
          variant="default"
          rightSection={<IconChevronDown size={14} aria-hidden />}
          onClick={() => setOpened(!opened)}
        >
          {label}
        </Button>
      </Popover.Target>
      <Popover.Dropdown miw={minWidth}>{children}</Popover.Dropdown>
    </Popover>
  );
}
