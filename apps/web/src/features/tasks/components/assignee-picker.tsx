import type { PersonView } from '@figgle/shared/task-schemas';
import { VisuallyHidden } from '@mantine/core';
import { IconUserCircle } from '@tabler/icons-react';
import { t } from '../../../lib/i18n/i18n';
import { lazyReady } from '../../../lib/lazy-ready';
import { UserAvatar } from '../../../ui/user-avatar';
import type { AssigneeSelectProps } from './assignee-select';
import { DeferredSelect } from './deferred-select';
import { memberName } from './member-name';

// The real Select is a chunk of its own, fetched when the browser is idle or a picker is reached
// (see status-picker.tsx).
const AssigneeSelect = lazyReady<AssigneeSelectProps>(
  async () => (await import('./assignee-select')).AssigneeSelect,
);

export interface AssigneePickerProps {
  organizationId: string;
  assignee: PersonView | null;
  /** Names the picker for screen readers, e.g. 'Assignee of Write the docs'. */
  label: string;
  onChange: (assignee: PersonView | null) => void;
  width?: number | string;
  /** In list rows: the avatar alone, the name on hover. */
  compact?: boolean;
}

/** The organization's members, or None; type to filter. */
export function AssigneePicker({
  organizationId,
  assignee,
  label,
  onChange,
  width = 180,
  compact = false,
}: AssigneePickerProps) {
  const name = assignee ? memberName(assignee) : t('tasks.assigneeNone');
  return (
    <DeferredSelect
      label={label}
      width={width}
      openWidth={compact ? 200 : undefined}
      title={t('tasks.assigneeTitle', { name })}
      preload={AssigneeSelect.preload}
      display={
        assignee ? (
          <>
            <UserAvatar
              id={assignee.user_id}
              firstname={assignee.firstname}
              lastname={assignee.lastname}
              size={18}
            />
            {/* Compact: the avatar alone on screen; the name stays in the text that is read. */}
            {compact ? <VisuallyHidden>{name}</VisuallyHidden> : <span>{name}</span>}
          </>
        ) : compact ? (
          <>
            <IconUserCircle size={18} stroke={1.5} aria-hidden />
            <VisuallyHidden>{name}</VisuallyHidden>
          </>
        ) : (
          <span>{name}</span>
        )
      }
    >
      {(open) => (
        <AssigneeSelect open={open} organizationId={organizationId} assignee={assignee} onChange={onChange} />
      )}
    </DeferredSelect>
  );
}
