import { STATUS_LABELS, type TaskStatus } from '@figgle/shared/status';
import { lazyReady } from '../../../lib/lazy-ready';
import { DeferredSelect } from './deferred-select';
import { StatusDot } from './status-dot';
import type { StatusSelectProps } from './status-select';

// The real Select (Mantine's combobox, input and popover) is a chunk of its own, fetched when the
// browser is idle or a picker is reached: lists and boards show only the closed pickers at first.
const StatusSelect = lazyReady<StatusSelectProps>(async () => (await import('./status-select')).StatusSelect);

export interface StatusPickerProps {
  status: TaskStatus;
  /** Names the picker for screen readers, e.g. 'Status of Write the docs'. */
  label: string;
  onChange: (status: TaskStatus) => void;
  width?: number;
}

export function StatusPicker({ status, label, onChange, width = 128 }: StatusPickerProps) {
  return (
    <DeferredSelect
      label={label}
      width={width}
      preload={StatusSelect.preload}
      display={
        <>
          <StatusDot status={status} />
          <span>{STATUS_LABELS[status]}</span>
        </>
      }
    >
      {(open) => <StatusSelect open={open} status={status} onChange={onChange} />}
    </DeferredSelect>
  );
}
