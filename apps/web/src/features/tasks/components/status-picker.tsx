import type { TaskStatus } from '@figgle/shared/status';
import type { StatusCategory } from '@figgle/shared/status-categories';
import { lazyReady } from '../../../lib/lazy-ready';
import { statusChoiceOf, useStatusChoices } from '../../../shared/api/list-project-statuses';
import { DeferredSelect } from './deferred-select';
import { StatusDot } from './status-dot';
import type { StatusSelectProps } from './status-select';

// The real Select (Mantine's combobox, input and popover) is a chunk of its own, fetched when the
// browser is idle or a picker is reached: lists and boards show only the closed pickers at first.
const StatusSelect = lazyReady<StatusSelectProps>(async () => (await import('./status-select')).StatusSelect);

export interface StatusPickerProps {
  status: TaskStatus;
  /** The task's project, whose statuses the picker offers (the four first ones while they load). */
  projectId: string;
  /** Names the picker for screen readers, e.g. 'Status of Write the docs'. */
  label: string;
  /** The status chosen, with its category and the current one's ("is it done?" asks the category). */
  onChange: (status: TaskStatus, category: StatusCategory, currentCategory: StatusCategory) => void;
  width?: number;
}

export function StatusPicker({ status, projectId, label, onChange, width = 128 }: StatusPickerProps) {
  const statuses = useStatusChoices(projectId);
  const current = statusChoiceOf(statuses, status);
  return (
    <DeferredSelect
      label={label}
      width={width}
      preload={StatusSelect.preload}
      display={
        <>
          <StatusDot status={status} color={current.color} />
          <span>{current.name}</span>
        </>
      }
    >
      {(open) => (
        <StatusSelect
          open={open}
          status={status}
          statuses={statuses}
          onChange={(next) => onChange(next, statusChoiceOf(statuses, next).category, current.category)}
        />
      )}
    </DeferredSelect>
  );
}
