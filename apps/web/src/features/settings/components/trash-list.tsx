import type { TrashItemView } from '@figgle/shared/trash-schemas';
import { Button, Group, Stack, Text } from '@mantine/core';
import { refusalText } from '../../../lib/api-client';
import { intlLocale, t } from '../../../lib/i18n/i18n';
import { toastError, toastSuccess } from '../../../ui/toast';
import { useRestoreTrashItem } from '../api/restore-trash-item';

const formatDay = (date: Date) => new Intl.DateTimeFormat(intlLocale(), { dateStyle: 'medium' }).format(date);
const DAY_MS = 24 * 60 * 60 * 1000;

/** "With 2 sub-tasks and 3 comments": what comes back with it. */
function whatComesBack(item: TrashItemView): string | null {
  if (item.kind === 'PROJECT') return t('settings.comesBackTasks', { count: item.tasks });
  const subtasks = item.tasks - 1;
  if (subtasks > 0 && item.comments > 0) {
    return t('settings.comesBackSubtasksAndComments', { subtasks, comments: item.comments });
  }
  if (subtasks > 0) return t('settings.comesBackSubtasks', { count: subtasks });
  if (item.comments > 0) return t('settings.comesBackComments', { count: item.comments });
  return null;
}

function daysLeft(purgeAt: string): string {
  const days = Math.max(0, Math.ceil((new Date(purgeAt).getTime() - Date.now()) / DAY_MS));
  return days <= 1 ? t('settings.removedWithinDay') : t('settings.removedInDays', { days });
}

/** The organization's trash, newest delete first: each item with what comes back and Restore. */
export function TrashList({ organizationId, items }: { organizationId: string; items: TrashItemView[] }) {
  return (
    <Stack
      gap={0}
      component="ul"
      aria-label={t('settings.trash')}
      style={{ listStyle: 'none', margin: 0, padding: 0 }}
    >
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
  const who = item.deleted_by?.name ?? t('settings.noLongerHere');
  const comesBack = whatComesBack(item);

  function onRestore() {
    restore.mutate(item.trash_id, {
      onSuccess: (answer) =>
        toastSuccess(
          answer.kind === 'PROJECT'
            ? t('settings.projectBack', { name: item.title })
            : answer.relations_left_out.length > 0
              ? // A relation that would have closed a loop of blockers stayed out (decision 0037).
                t('settings.taskBackWithoutLoops', {
                  name: item.reference ?? t('settings.theTask'),
                  count: answer.relations_left_out.length,
                  loop: answer.relations_left_out[0]!.loop.join(' → '),
                })
              : t('settings.taskBack', { name: item.reference ?? t('settings.theTask') }),
        ),
      onError: (error) => toastError(refusalText(error, t('settings.restoreFailed'))),
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
            {item.kind === 'PROJECT' ? t('settings.projectNamed', { name: item.title }) : name}
          </Text>
          <Text size="xs" c="dimmed">
            {item.kind === 'TASK'
              ? t('settings.deletedInProjectBy', {
                  project: item.project_name,
                  who,
                  kind: item.kind,
                  gone: item.deleted_by ? 'no' : 'yes',
                  date: formatDay(new Date(item.deleted_at)),
                  left: daysLeft(item.purge_at),
                })
              : t('settings.deletedBy', {
                  who,
                  kind: item.kind,
                  gone: item.deleted_by ? 'no' : 'yes',
                  date: formatDay(new Date(item.deleted_at)),
                  left: daysLeft(item.purge_at),
                })}
          </Text>
          {comesBack ? (
            <Text size="xs" c="dimmed">
              {comesBack}
            </Text>
          ) : null}
          {item.project_deleted ? (
            <Text size="xs" c="var(--figgle-danger-text)">
              {t('settings.projectInTrash')}
            </Text>
          ) : null}
          {!item.can_restore ? (
            <Text size="xs" c="dimmed">
              {t('settings.onlyOwnerOr', { who, kind: item.kind, gone: item.deleted_by ? 'no' : 'yes' })}
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
            aria-label={
              item.kind === 'PROJECT'
                ? t('settings.restoreProjectAria', { name: item.title })
                : t('settings.restoreAria', { name })
            }
          >
            {t('settings.restore')}
          </Button>
        ) : null}
      </Group>
    </li>
  );
}
