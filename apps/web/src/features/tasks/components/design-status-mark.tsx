import type { DesignStatus } from '@figgle/shared/figma-dev-status-schemas';
import { Badge } from '@mantine/core';
import { designStatusLabel } from './labels';

/** "Design: Ready for dev" / "Design: Completed" on a card or row: the linked designs' Dev Mode status. */
export function DesignStatusMark({ status }: { status: DesignStatus }) {
  if (!status) return null;
  return (
    <Badge
      component="span"
      color={status === 'READY_FOR_DEV' ? 'teal' : 'gray'}
      variant="light"
      size="sm"
      style={{ flex: '0 0 auto' }}
    >
      {designStatusLabel(status)}
    </Badge>
  );
}
