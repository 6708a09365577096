import { LABEL_COLORS, type LabelColor } from '@figgle/shared/planning-schemas';
import { type ProjectStatusView, STATUS_NAME_MAX } from '@figgle/shared/project-status-schemas';
import { STATUS_CATEGORIES, type StatusCategory } from '@figgle/shared/status-categories';
import { ActionIcon, Button, Group, Modal, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconTrash } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { ApiRequestError } from '../../../lib/api-client';
import { t } from '../../../lib/i18n/i18n';
import { useProjectStatuses } from '../../../shared/api/list-project-statuses';
import { confirm } from '../../../ui/confirm/confirm-service';
import { DialogButtons } from '../../../ui/dialog-buttons';
import { colorName } from '../../../ui/planning/label-color';
import { toastError, toastSuccess } from '../../../ui/toast';
import {
  useCreateProjectStatus,
  useDeleteProjectStatus,
  useReorderProjectStatuses,
  useUpdateProjectStatus,
} from '../api/project-statuses';
import { categoryLabel } from './labels';
import { ProjectSettingsSection } from './project-settings-section';
import { StatusDot } from './status-dot';

const categoryOptions = () => STATUS_CATEGORIES.map((value) => ({ value, label: categoryLabel(value) }));
const colorOptions = () => LABEL_COLORS.map((value) => ({ value, label: colorName(value) }));

const failed = (fallback: string) => (error: Error) =>
  toastError(error instanceof ApiRequestError ? error.message : fallback);

/**
 * Project settings → Statuses (docs/product.md#statuses): the project's statuses in board order,
 * each renamed, recoloured, recategorized, moved or removed in place; a new one below. Removing a
 * status that tasks use asks where they go and says how many.
 */
export function ProjectStatusesSection({ projectId }: { projectId: string }) {
  const statuses = useProjectStatuses(projectId);
  const reorder = useReorderProjectStatuses();
  const remove = useDeleteProjectStatus();
  const [removing, setRemoving] = useState<ProjectStatusView | null>(null);
  const list = statuses.data ?? [];

  function move(index: number, by: -1 | 1) {
    const ids = list.map((status) => status.status_id);
    const [moved] = ids.splice(index, 1);
    ids.splice(index + by, 0, moved!);
    reorder.mutate({ projectId, statusIds: ids }, { onError: failed(t('tasks.statusOrderFailed')) });
  }

  return (
    <ProjectSettingsSection
      id="project-statuses-title"
      title={t('tasks.statusesTitle')}
      text={t('tasks.statusesText')}
    >
      <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {list.map((status, index) => (
          <StatusRow
            key={status.status_id}
            projectId={projectId}
            status={status}
            first={index === 0}
            last={index === list.length - 1}
            onMove={(by) => move(index, by)}
            onRemove={async () => {
              // A status in use asks where its tasks go; an unused one only asks to confirm.
              if (status.task_count > 0) return setRemoving(status);
              const yes = await confirm({
                title: t('tasks.removeStatusAsk', { name: status.name }),
                text: t('tasks.removeStatusUnused'),
                confirmLabel: t('tasks.removeStatusConfirm'),
              });
              if (yes)
                remove.mutate(
                  { projectId, statusId: status.status_id },
                  {
                    onSuccess: () => toastSuccess(t('tasks.statusRemoved', { name: status.name })),
                    onError: failed(t('tasks.statusRemoveFailed')),
                  },
                );
            }}
          />
        ))}
      </Stack>
      <AddStatusForm projectId={projectId} statuses={list} />
      <RemoveStatusDialog
        projectId={projectId}
        status={removing}
        others={list.filter((status) => status.status_id !== removing?.status_id)}
        onClose={() => setRemoving(null)}
      />
    </ProjectSettingsSection>
  );
}

function StatusRow({
  projectId,
  status,
  first,
  last,
  onMove,
  onRemove,
}: {
  projectId: string;
  status: ProjectStatusView;
  first: boolean;
  last: boolean;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void | Promise<void>;
}) {
  const update = useUpdateProjectStatus();
  const [name, setName] = useState(status.name);
  const save = (changes: { name?: string; color?: LabelColor; category?: StatusCategory }) =>
    update.mutate(
      { projectId, statusId: status.status_id, changes },
      {
        onError: (error) => {
          setName(status.name);
          failed(t('tasks.statusSaveFailed'))(error);
        },
      },
    );
  const rename = () => {
    const next = name.trim();
    if (next === status.name) return;
    if (next === '') setName(status.name);
    else save({ name: next });
  };

  return (
    // On a phone the name takes its own line and the pickers and buttons wrap below it.
    <Group component="li" gap={6} wrap="wrap" aria-label={status.name}>
      <StatusDot status={status.key} color={status.color} />
      <TextInput
        aria-label={t('tasks.statusNameLabel', { name: status.name })}
        size="xs"
        maxLength={STATUS_NAME_MAX}
        value={name}
        onChange={(event) => setName(event.currentTarget.value)}
        onBlur={rename}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            rename();
          }
        }}
        style={{ flex: '1 1 150px', minWidth: 0 }}
      />
      <NativeSelect
        aria-label={t('tasks.statusColourLabel', { name: status.name })}
        size="xs"
        w={88}
        data={colorOptions()}
        value={status.color}
        onChange={(event) => save({ color: event.currentTarget.value as LabelColor })}
      />
      <NativeSelect
        aria-label={t('tasks.statusCategoryLabel', { name: status.name })}
        size="xs"
        w={104}
        data={categoryOptions()}
        value={status.category}
        onChange={(event) => save({ category: event.currentTarget.value as StatusCategory })}
      />
      <ActionIcon
        variant="subtle"
        color="gray"
        aria-label={t('tasks.statusMoveUp', { name: status.name })}
        disabled={first}
        onClick={() => onMove(-1)}
      >
        <IconArrowUp size={16} />
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        color="gray"
        aria-label={t('tasks.statusMoveDown', { name: status.name })}
        disabled={last}
        onClick={() => onMove(1)}
      >
        <IconArrowDown size={16} />
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        color="red"
        aria-label={t('tasks.statusRemoveLabel', { name: status.name })}
        onClick={() => void onRemove()}
      >
        <IconTrash size={16} />
      </ActionIcon>
    </Group>
  );
}

/** Where a new status goes: before the first Done or Canceled one when it is open work, else last. */
function placeOfNew(statuses: readonly ProjectStatusView[], category: StatusCategory): string | undefined {
  const closed = (status: ProjectStatusView) => status.category === 'done' || status.category === 'canceled';
  if (category === 'done' || category === 'canceled') return statuses.at(-1)?.status_id;
  const firstClosed = statuses.findIndex(closed);
  const before = firstClosed === -1 ? statuses.at(-1) : statuses[firstClosed - 1];
  return before?.status_id;
}

function AddStatusForm({ projectId, statuses }: { projectId: string; statuses: ProjectStatusView[] }) {
  const create = useCreateProjectStatus();
  const [name, setName] = useState('');
  const [category, setCategory] = useState<StatusCategory>('started');

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return;
    const after = placeOfNew(statuses, category);
    create.mutate(
      {
        projectId,
        input: { name: trimmed, color: 'violet', category, ...(after ? { after } : {}) },
      },
      {
        onSuccess: () => {
          toastSuccess(t('tasks.statusAdded', { name: trimmed }));
          setName('');
        },
        onError: failed(t('tasks.statusAddFailed')),
      },
    );
  }

  return (
    <form onSubmit={submit} aria-label={t('tasks.addStatusLabel')}>
      <Group gap={6} align="flex-end" wrap="wrap">
        <TextInput
          label={t('tasks.newStatus')}
          size="xs"
          maxLength={STATUS_NAME_MAX}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          style={{ flex: 1, minWidth: 140 }}
        />
        <NativeSelect
          label={t('tasks.category')}
          size="xs"
          w={120}
          data={categoryOptions()}
          value={category}
          onChange={(event) => setCategory(event.currentTarget.value as StatusCategory)}
        />
        <Button type="submit" size="xs" loading={create.isPending} disabled={name.trim() === ''}>
          {t('tasks.addStatus')}
        </Button>
      </Group>
    </form>
  );
}

function RemoveStatusDialog({
  projectId,
  status,
  others,
  onClose,
}: {
  projectId: string;
  status: ProjectStatusView | null;
  others: ProjectStatusView[];
  onClose: () => void;
}) {
  const remove = useDeleteProjectStatus();
  const [moveTo, setMoveTo] = useState<string | null>(null);
  const target =
    moveTo ?? others.find((other) => other.category === status?.category)?.status_id ?? others[0]?.status_id;

  const run = (statusId: string, name: string, destination?: string) =>
    remove.mutate(
      { projectId, statusId, moveTo: destination },
      {
        onSuccess: () => {
          toastSuccess(t('tasks.statusRemoved', { name }));
          setMoveTo(null);
          onClose();
        },
        onError: failed(t('tasks.statusRemoveFailed')),
      },
    );

  const count = status?.task_count ?? 0;
  return (
    <Modal
      opened={status !== null}
      onClose={onClose}
      title={status ? t('tasks.removeStatusTitle', { name: status.name }) : ''}
      radius="lg"
      zIndex={195}
    >
      {status ? (
        <Stack gap="md">
          <Text size="sm">{t('tasks.removeStatusText', { count, name: status.name })}</Text>
          <NativeSelect
            label={t('tasks.removeStatusMoveTo')}
            data={others.map((other) => ({ value: other.status_id, label: other.name }))}
            value={target}
            onChange={(event) => setMoveTo(event.currentTarget.value)}
          />
          <DialogButtons
            onCancel={onClose}
            submitLabel={t('tasks.removeStatusMove', { count })}
            color="red"
            pending={remove.isPending}
            disabled={!target}
            onSubmit={() => run(status.status_id, status.name, target)}
            gap="sm"
          />
        </Stack>
      ) : null}
    </Modal>
  );
}
