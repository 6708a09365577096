import { TRASH_DAYS } from '@figgle/shared/trash-schemas';
import { ActionIcon, Menu, Modal, NativeSelect, Stack, Text } from '@mantine/core';
import { IconCopy, IconDots, IconFolderShare, IconLink, IconTemplate, IconTrash } from '@tabler/icons-react';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { type SyntheticEvent, useMemo, useState } from 'react';
import { ApiRequestError } from '../../lib/api-client';
import { t } from '../../lib/i18n/i18n';
import { choose, confirm } from '../../ui/confirm/confirm-service';
import { DialogButtons } from '../../ui/dialog-buttons';
import { toastError, toastSuccess } from '../../ui/toast';
import { useDeleteTask } from '../api/delete-task';
import { useDuplicateTask } from '../api/duplicate-task';
import { taskStructureQueryOptions } from '../api/get-task-structure';
import { useProjects } from '../api/list-projects';
import { useMoveTaskToProject } from '../api/move-task-to-project';
import { paths } from '../paths';
import { type OpenTaskActions, useOfferOpenTaskActions } from './open-task-actions';
import { SaveTemplateDialog } from './save-template-dialog';
import { TaskCycleMenuItems, useTaskCycleActions } from './task-cycle-actions';

export interface TaskActionsMenuProps {
  taskId: string;
  projectId: string;
  title: string;
  /** How the task is named in texts: '#12' or 'TRI-12'. */
  reference: string;
  /** After the task was deleted (the task page goes to its project). */
  onDeleted?: () => void;
  /** After a copy was made (the task page opens it). */
  onDuplicated?: (copyId: string) => void;
  /** Offers the actions to the command palette while mounted: the open task's page only. */
  offerToPalette?: boolean;
  size?: 'sm' | 'md';
  /** The task's cycle: "Move to current cycle" and "Set cycle…" are offered when its project plans in cycles. */
  cycleId?: string | null;
}

const stop = (event: SyntheticEvent) => event.stopPropagation();
const failure = (error: unknown, fallback: string) =>
  toastError(error instanceof ApiRequestError ? error.message : fallback);

/**
 * The question before a delete: a task with sub-tasks says how many and asks whether they stay (as
 * top-level tasks) or go with it. Null when the person cancels.
 */
async function subtasksToAskAbout(
  queryClient: QueryClient,
  id: string,
  reference: string,
  title: string,
): Promise<'keep' | 'delete' | null> {
  // Offline, or unreadable: asked as a task without sub-tasks (the server then keeps any it has).
  const structure = await queryClient.fetchQuery(taskStructureQueryOptions(id)).catch(() => null);
  const count = structure?.progress.total ?? 0;
  if (count === 0) {
    const confirmed = await confirm({
      title: t('shared.deleteTaskTitle'),
      text: t('shared.deleteTaskText', { reference, title, days: TRASH_DAYS }),
      confirmLabel: t('common.delete'),
    });
    return confirmed ? 'keep' : null;
  }
  const answer = await choose({
    title: t('shared.deleteWithSubtasksTitle'),
    text: t('shared.deleteWithSubtasksText', { reference, title, count, days: TRASH_DAYS }),
    alternativeLabel: t('shared.keepSubtasks', { count }),
    confirmLabel: t('shared.deleteAll'),
  });
  return answer === 'confirm' ? 'delete' : answer === 'alternative' ? 'keep' : null;
}

/**
 * The "…" menu of a task (docs/product.md#task-actions), on its page, its board card and its list
 * row: Delete (after a confirmation), Move to project (projects of the same organization; the task
 * keeps its status, which every project has), Duplicate, Save as template, Copy link, and in a project that plans in
 * cycles, Move to current cycle and Set cycle….
 */
export function TaskActionsMenu({
  taskId,
  projectId,
  title,
  reference,
  onDeleted,
  onDuplicated,
  offerToPalette = false,
  size = 'sm',
  cycleId,
}: TaskActionsMenuProps) {
  const remove = useDeleteTask();
  const queryClient = useQueryClient();
  const duplicate = useDuplicateTask();
  const [moving, setMoving] = useState(false);
  const [savingTemplate, setSavingTemplate] = useState(false);
  const cycles = useTaskCycleActions({ taskId, projectId, cycleId: cycleId ?? null, reference, title });

  const actions = useMemo<OpenTaskActions>(
    () => ({
      taskId,
      async remove() {
        const subtasks = await subtasksToAskAbout(queryClient, taskId, reference, title);
        if (subtasks === null) return;
        remove.mutate(
          { taskId, projectId, subtasks },
          {
            onSuccess: () => {
              toastSuccess(t('shared.taskDeleted', { reference }));
              onDeleted?.();
            },
            onError: (error) => failure(error, t('shared.deleteFailed')),
          },
        );
      },
      move: () => setMoving(true),
      projectId,
      moveToCurrentCycle: () => void cycles.moveToCurrentCycle(),
      chooseCycle: cycles.chooseCycle,
      duplicate() {
        duplicate.mutate(
          { taskId, projectId },
          {
            onSuccess: (copy) => {
              toastSuccess(t('shared.duplicatedAs', { reference: copy.reference }));
              onDuplicated?.(copy.task_id);
            },
            onError: (error) => failure(error, t('shared.duplicateFailed')),
          },
        );
      },
      async copyLink() {
        try {
          await navigator.clipboard.writeText(new URL(paths.task(taskId), window.location.origin).href);
          toastSuccess(t('shared.linkCopied'));
        } catch {
          toastError(t('shared.copyFailed'));
        }
      },
    }),
    [
      taskId,
      projectId,
      title,
      reference,
      onDeleted,
      onDuplicated,
      remove.mutate,
      duplicate.mutate,
      queryClient,
      cycles.moveToCurrentCycle,
      cycles.chooseCycle,
    ],
  );
  useOfferOpenTaskActions(offerToPalette ? actions : null);

  return (
    // Pressing the menu neither drags the card nor opens the task.
    // biome-ignore lint/a11y/noStaticElementInteractions: only keeps the menu's events from the card or row around it.
    <span onPointerDown={stop} onMouseDown={stop} onTouchStart={stop} onClick={stop} onKeyDown={stop}>
      <Menu position="bottom-end" withinPortal shadow="md" width={200}>
        <Menu.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size={size}
            aria-label={t('shared.actionsFor', { title })}
          >
            <IconDots size={16} aria-hidden />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconFolderShare size={16} aria-hidden />} onClick={actions.move}>
            {t('shared.moveToProject')}
          </Menu.Item>
          <Menu.Item leftSection={<IconCopy size={16} aria-hidden />} onClick={actions.duplicate}>
            {t('shared.duplicate')}
          </Menu.Item>
          <Menu.Item
            leftSection={<IconTemplate size={16} aria-hidden />}
            onClick={() => setSavingTemplate(true)}
          >
            {t('shared.saveAsTemplate')}
          </Menu.Item>
          <Menu.Item leftSection={<IconLink size={16} aria-hidden />} onClick={() => void actions.copyLink()}>
            {t('shared.copyLink')}
          </Menu.Item>
          {cycleId === undefined ? null : (
            <TaskCycleMenuItems
              projectId={projectId}
              onMoveToCurrent={actions.moveToCurrentCycle}
              onChoose={actions.chooseCycle}
            />
          )}
          <Menu.Divider />
          <Menu.Item
            color="red"
            leftSection={<IconTrash size={16} aria-hidden />}
            onClick={() => void actions.remove()}
          >
            {t('common.delete')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {moving ? (
        <MoveTaskDialog
          taskId={taskId}
          projectId={projectId}
          reference={reference}
          title={title}
          onClose={() => setMoving(false)}
        />
      ) : null}
      {savingTemplate ? (
        <SaveTemplateDialog
          taskId={taskId}
          projectId={projectId}
          title={title}
          onClose={() => setSavingTemplate(false)}
        />
      ) : null}
      {cycles.dialog}
    </span>
  );
}

/** Chooses the project a task moves to, among the other projects of its organization. */
function MoveTaskDialog({
  taskId,
  projectId,
  reference,
  title,
  onClose,
}: {
  taskId: string;
  projectId: string;
  reference: string;
  title: string;
  onClose: () => void;
}) {
  const projects = useProjects();
  const move = useMoveTaskToProject();
  const [target, setTarget] = useState<string | null>(null);
  const organizationId = projects.data?.find((project) => project.project_id === projectId)?.organization
    .organization_id;
  const choices = (projects.data ?? [])
    .filter(
      (project) =>
        project.organization.organization_id === organizationId && project.project_id !== projectId,
    )
    .map((project) => ({ value: project.project_id, label: project.name }));

  const submit = () => {
    if (!target) return;
    move.mutate(
      { taskId, fromProjectId: projectId, projectId: target },
      {
        onSuccess: (task) => {
          const name = choices.find((choice) => choice.value === target)?.label ?? t('shared.theProject');
          toastSuccess(t('shared.movedTo', { name, reference: task.reference }));
          onClose();
        },
        onError: (error) => failure(error, t('shared.moveFailed')),
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title={t('shared.moveToProject')}>
      <Stack gap="md">
        <Text size="sm">{t('shared.moveText', { reference, title })}</Text>
        <NativeSelect
          label={t('shared.project')}
          data={[
            {
              value: '',
              label: choices.length === 0 ? t('shared.noOtherProject') : t('shared.selectProject'),
            },
            ...choices,
          ]}
          value={target ?? ''}
          onChange={(event) => setTarget(event.currentTarget.value || null)}
          disabled={choices.length === 0}
          data-autofocus
        />
        <DialogButtons
          onCancel={onClose}
          submitLabel={t('shared.move')}
          onSubmit={submit}
          disabled={!target}
          pending={move.isPending}
        />
      </Stack>
    </Modal>
  );
}
