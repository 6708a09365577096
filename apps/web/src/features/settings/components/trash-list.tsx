import { CALENDAR_DEFAULT_LOCALE } from '@figgle/shared/constants';
import type { TrashItemView } from '@figgle/shared/trash-schemas';
import { Button, Group, Stack, Text } from '@mantine/core';
import { ApiRequestError } from '../../../lib/api-client';
import { toastError, toastSuccess } from '../../../ui/toast';
import { useRestoreTrashItem } from '../api/restore-trash-item';

const dayFormat = new Intl.DateTimeFormat(CALENDAR_DEFAULT_LOCALE, { dateStyle: 'medium' });
const DAY_MS = 24 * 60 * 60 * 1000;

const plural = (count: number, one: string, many: string) => (count === 1 ? `1 ${one}` : `${count} ${many}`);

/** "With 2 sub-tasks and 3 comments": what comes back with it. */
function whatComesBack(item: TrashItemView): string | null {
  const parts =
    item.kind === 'PROJECT'
      ? [plural(item.tasks, 'task', 'tasks')]
      : [
          ...(item.tasks > 1 ? [plural(item.tasks - 1, 'sub-task', 'sub-tasks')] : []),
          ...(item.comments > 0 ? [plural(item.comments, 'comment', 'comments')] : []),
        ];
  return parts.length === 0 ? null : `With ${parts.join(' and ')}`;
}

function daysLeft(purgeAt: string): string {
  const days = Math.max(0, Math.ceil((new Date(purgeAt).getTime() - Date.now()) / DAY_MS));
  return days <= 1 ? 'Removed for good within a day' : `Removed for good in ${days} days`;
}

/** The organization's trash, newest delete first: each item with what comes back and Restore. */
export function TrashList({ organizationId, items }: { organizationId: string; items: TrashItemView[] }) {
  return (
    <Stack gap={0} component="ul" aria-label="Trash" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {items.map((item, index) => (
        <TrashRow key={item.trash_id} organizationId={organizationId} item={item} first={index === 0} />
      ))}
    </Stack>
  );
}

function TrashRow({
  organizationId,
  item,
  first,
}: {
  organizationId: string;
  item: TrashItemView;
  first: boolean;
}) {
  const restore = useRestoreTrashItem(organizationId);
  const name = item.reference ? `${item.reference} ${item.title}` : item.title;
  const who = item.deleted_by?.name ?? 'someone no longer here';
  const comesBack = whatComesBack(item);

  function onRestore() {
    restore.mutate(item.trash_id, {
      onSuccess: (answer) =>
        toastSuccess(
          answer.kind === 'TASK'
            ? `${item.reference ?? 'The task'} is back.`
            : `${item.title} is back, with its tasks.`,
        ),
      onError: (error) =>
        toastError(
          error instanceof ApiRequestError && error.statusCode < 500
            ? error.message
            : 'It could not be restored. Please try again.',
        ),
    });
  }

  return (
    <li
      style={{
        borderTop: first ? undefined : '1px solid var(--mantine-color-default-border)',
        padding: 'var(--mantine-spacing-sm) var(--mantine-spacing-xs)',
      }}
    >
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={2} style={{ flex: '1 1 16rem', minWidth: 0 }}>
          <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
            {item.kind === 'PROJECT' ? `Project ${item.title}` : name}
          </Text>
          <Text size="xs" c="dimmed">
            {item.kind === 'TASK' ? `In ${item.project_name} · ` : ''}
            Deleted by {who} on {dayFormat.format(new Date(item.deleted_at))} · {daysLeft(item.purge_at)}
          </Text>
          {comesBack ? (
            <Text size="xs" c="dimmed">
              {comesBack}
            </Text>
          ) : null}
          {item.project_deleted ? (
            <Text size="xs" c="var(--figgle-danger-text)">
              Its project is in the trash too: restore the project first.
            </Text>
          ) : null}
          {!item.can_restore ? (
            <Text size="xs" c="dimmed">
              Only an owner, or {who}, can restore it.
            </Text>
          ) : null}
        </Stack>
        {item.can_restore ? (
          <Button
            size="xs"
            variant="default"
            onClick={onRestore}
            loading={restore.isPending}
            disabled={item.project_deleted}
            aria-label={`Restore ${item.kind === 'PROJECT' ? `project ${item.title}` : name}`}
          >
            Restore
          </Button>
        ) : null}
      </Group>
    </li>
  );
}
