import { Menu, Modal, NativeSelect, Stack, Text } from '@mantine/core';
import { IconCalendarRepeat, IconTargetArrow } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useState } from 'react';
import { t } from '../../lib/i18n/i18n';
import { DialogButtons } from '../../ui/dialog-buttons';
import { toastError, toastSuccess } from '../../ui/toast';
import { projectCyclesQueryOptions, useProjectCycles } from '../api/list-cycles';
import { useSetTaskCycle } from '../api/set-task-cycle';
import { cycleName } from '../cycle-words';
import { cycleChoices, NO_CYCLE } from './cycle-choices';

interface TaskPlace {
  taskId: string;
  projectId: string;
  /** The cycle the task is in now (null: none). */
  cycleId: string | null;
  reference: string;
  title: string;
}

/**
 * "Move to current cycle" and "Set cycle…" of a task's "…" menu and of the palette
 * (docs/product.md#cycles): the first plans the task in its project's current cycle at once, the
 * second opens a dialog with the current and next cycles and None.
 */
export function useTaskCycleActions(task: TaskPlace): {
  moveToCurrentCycle: () => Promise<void>;
  chooseCycle: () => void;
  dialog: ReactNode;
} {
  const queryClient = useQueryClient();
  const setCycle = useSetTaskCycle();
  const [choosing, setChoosing] = useState(false);
  const { taskId, projectId, cycleId } = task;
  const moveToCurrentCycle = useCallback(async () => {
    const view = await queryClient.fetchQuery(projectCyclesQueryOptions(projectId)).catch(() => null);
    if (!view) {
      toastError(t('shared.cyclesUnreadable'));
      return;
    }
    const current = view.settings?.enabled
      ? view.cycles.find((cycle) => cycle.state === 'current')
      : undefined;
    if (!current) {
      toastError(t('shared.noCycles'));
      return;
    }
    if (current.cycle_id === cycleId) {
      toastSuccess(t('shared.alreadyIn', { cycle: cycleName(current) }));
      return;
    }
    setCycle.mutate(
      { taskId, projectId, linkId: current.cycle_id },
      { onSuccess: () => toastSuccess(t('shared.movedToCycle', { cycle: cycleName(current) })) },
    );
  }, [queryClient, taskId, projectId, cycleId, setCycle.mutate]);
  const chooseCycle = useCallback(() => setChoosing(true), []);
  const dialog = choosing ? <SetCycleDialog task={task} onClose={() => setChoosing(false)} /> : null;
  return { moveToCurrentCycle, chooseCycle, dialog };
}

/**
 * The menu's cycle items, drawn only while the menu is open (one read of the project's cycles, not
 * one per card), and only when the project plans in cycles.
 */
export function TaskCycleMenuItems({
  projectId,
  onMoveToCurrent,
  onChoose,
}: {
  projectId: string;
  onMoveToCurrent: () => void;
  onChoose: () => void;
}) {
  const cycles = useProjectCycles(projectId);
  if (!cycles.data?.settings?.enabled) return null;
  return (
    <>
      <Menu.Divider />
      <Menu.Item leftSection={<IconTargetArrow size={16} aria-hidden />} onClick={onMoveToCurrent}>
        {t('shared.moveToCurrentCycle')}
      </Menu.Item>
      <Menu.Item leftSection={<IconCalendarRepeat size={16} aria-hidden />} onClick={onChoose}>
        {t('shared.setCycleMenu')}
      </Menu.Item>
    </>
  );
}

function SetCycleDialog({ task, onClose }: { task: TaskPlace; onClose: () => void }) {
  const cycles = useProjectCycles(task.projectId);
  const setCycle = useSetTaskCycle();
  const [choice, setChoice] = useState(task.cycleId ?? NO_CYCLE);
  const options = cycleChoices(cycles.data?.cycles ?? [], task.cycleId);
  const submit = () => {
    const cycleId = choice === NO_CYCLE ? null : choice;
    if (cycleId === task.cycleId) {
      onClose();
      return;
    }
    const chosen = cycles.data?.cycles.find((cycle) => cycle.cycle_id === cycleId);
    setCycle.mutate(
      { taskId: task.taskId, projectId: task.projectId, linkId: cycleId },
      {
        onSuccess: () => {
          toastSuccess(chosen ? t('shared.plannedIn', { cycle: cycleName(chosen) }) : t('shared.takenOut'));
          onClose();
        },
      },
    );
  };
  return (
    <Modal opened onClose={onClose} title={t('shared.setCycle')}>
      <Stack gap="md">
        <Text size="sm">
          {t('shared.cyclePlannedHint', { reference: task.reference, title: task.title })}
        </Text>
        <NativeSelect
          label={t('shared.cycle')}
          data={options}
          value={choice}
          onChange={(event) => setChoice(event.currentTarget.value)}
          disabled={cycles.isPending}
          data-autofocus
        />
        <DialogButtons
          onCancel={onClose}
          submitLabel={t('common.save')}
          onSubmit={submit}
          pending={setCycle.isPending}
        />
      </Stack>
    </Modal>
  );
}
