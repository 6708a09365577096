import { estimateTotal, isEstimateOf, scaleOfEstimate } from '@figgle/shared/estimate';
import { Anchor, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useCallback, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { t, tRich } from '../../../lib/i18n/i18n';
import { useTaskStructure } from '../../../shared/api/get-task-structure';
import { useMembers } from '../../../shared/api/list-members';
import { paths } from '../../../shared/paths';
import { useStructureRequests } from '../../../shared/task-actions/structure-requests';
import { toastError } from '../../../ui/toast';
import { useAddSubtask } from '../api/add-subtask';
import { pickedTask } from '../api/picked-task';
import { useSetParent } from '../api/set-parent';
import { subtaskOfHit } from '../api/structure-cache';
import { personName } from './author-mark';
import { SubtaskList } from './subtask-list';
import { NOBODY } from './subtask-row';
import { TaskFinder } from './task-finder';

/** "13 pts" in the reader's language; sizes ("2 S · 1 L") need no words. */
function totalWords(scale: string, total: string | null): string | null {
  if (scale !== 'points' || !total) return total;
  const sum = total.split(' ')[0] ?? total;
  return t('wave2.estimateTotalPoints', { count: Number(sum), n: sum });
}

/** One estimate in words: "5 points", "size M". */
function estimateWords(value: string): string {
  if (isEstimateOf('points', value)) return t('wave2.estimatePoints', { count: Number(value), n: value });
  return t('wave2.estimateSize', { size: value });
}

/**
 * The task page's Sub-tasks: each with its status, assignee and due date, the progress ("2/5"), a new
 * one by its title, or an existing task of any project of the organization found by title or reference.
 */
export function Subtasks({
  taskId,
  projectId,
  organizationId,
  ownEstimate,
}: {
  taskId: string;
  projectId: string;
  organizationId: string;
  /** The task's own estimate, said beside its sub-tasks' total. */
  ownEstimate: string | null;
}) {
  const structure = useTaskStructure(taskId);
  const members = useMembers(organizationId);
  const addSubtask = useAddSubtask();
  const setParent = useSetParent();
  const queryClient = useQueryClient();
  const [title, setTitle] = useState('');
  const titleInput = useRef<HTMLInputElement>(null);
  // "Add sub-task" in the command palette starts here.
  useStructureRequests(
    useCallback((request) => {
      if (request !== 'add-subtask') return;
      titleInput.current?.scrollIntoView({ block: 'center' });
      titleInput.current?.focus();
    }, []),
  );
  const subtasks = structure.data?.subtasks ?? [];
  const progress = structure.data?.progress;
  // Sub-tasks may belong to projects of other scales: they add up in the scale the first one uses.
  const estimates = subtasks.map((subtask) => subtask.estimate);
  const scale = estimates.map((value) => (value ? scaleOfEstimate(value) : null)).find(Boolean) ?? 'none';
  const total = totalWords(scale, estimateTotal(scale, estimates));
  // Derived once per answer of the members, so that the rows (memoized) keep the same options.
  const assigneeOptions = useMemo(
    () => [
      { value: NOBODY, label: t('task-detail.noAssignee') },
      ...(members.data ?? []).map((member) => ({ value: member.user_id, label: personName(member) })),
    ],
    [members.data],
  );
  // Neither the task, its sub-tasks nor its parent can go under it.
  const excluded = new Set([
    taskId,
    ...subtasks.map((subtask) => subtask.task_id),
    ...(structure.data?.parent ? [structure.data.parent.task_id] : []),
  ]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const wanted = title.trim();
    if (!wanted) return;
    addSubtask.mutate(
      { parentId: taskId, projectId, title: wanted },
      { onSuccess: () => setTitle(''), onError: (error) => toastError(error.message) },
    );
  }

  return (
    <section aria-labelledby="task-subtasks-heading">
      <Group gap="xs" mb={8}>
        <Title id="task-subtasks-heading" order={2} fz="sm" fw={600} c="dimmed" tt="uppercase">
          {t('task-detail.subtasks')}
        </Title>
        {progress && progress.total > 0 ? (
          <Text
            size="sm"
            c="dimmed"
            aria-label={t('task-detail.subtaskProgress', { done: progress.done, total: progress.total })}
          >
            {progress.done}/{progress.total}
          </Text>
        ) : null}
        {total ? (
          <Text size="sm" c="dimmed">
            {ownEstimate
              ? t('task-detail.subtaskEstimateWithOwn', { total, own: estimateWords(ownEstimate) })
              : t('task-detail.subtaskEstimate', { total })}
          </Text>
        ) : null}
      </Group>
      <Stack gap={6}>
        {subtasks.length > 0 ? (
          <SubtaskList parentId={taskId} subtasks={subtasks} assigneeOptions={assigneeOptions} />
        ) : null}
        <form onSubmit={submit} aria-label={t('task-detail.addSubtask')}>
          <Group gap="xs" wrap="nowrap">
            <TextInput
              ref={titleInput}
              aria-label={t('task-detail.newSubtask')}
              placeholder={t('task-detail.addSubtask')}
              value={title}
              onChange={(event) => setTitle(event.currentTarget.value)}
              style={{ flex: 1 }}
              maxLength={500}
            />
            <Button type="submit" variant="default" loading={addSubtask.isPending} disabled={!title.trim()}>
              {t('task-detail.add')}
            </Button>
          </Group>
        </form>
        <TaskFinder
          label={t('task-detail.attachSubtask')}
          placeholder={t('task-detail.attachSubtaskPlaceholder')}
          projectId={projectId}
          exclude={excluded}
          onChoose={(childId) => {
            const hit = pickedTask(queryClient, childId);
            setParent.mutate({ taskId: childId, parentId: taskId, subtask: hit ? subtaskOfHit(hit) : null });
          }}
        />
      </Stack>
    </section>
  );
}

/** Above a sub-task's title: "Sub-task of WEB-12 Checkout redesign", a link to the parent. */
export function ParentLink({ taskId }: { taskId: string }) {
  const parent = useTaskStructure(taskId).data?.parent;
  if (!parent) return null;
  return (
    <Text size="sm" c="dimmed">
      {tRich('task-detail.subtaskOf', {
        name: `${parent.reference} ${parent.title}`,
        link: (chunks) => (
          <Anchor key="parent" component={Link} to={paths.task(parent.task_id)} size="sm">
            {chunks}
          </Anchor>
        ),
      })}
    </Text>
  );
}
