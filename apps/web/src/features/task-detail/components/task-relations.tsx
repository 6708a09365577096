import { isFinishedStatus } from '@figgle/shared/status-categories';
import type { RelationSide, TaskStructureView } from '@figgle/shared/subtask-schemas';
import { Group, Select, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type MouseEventHandler, memo, useCallback, useRef, useState } from 'react';
import { t } from '../../../lib/i18n/i18n';
import { useTaskStructure } from '../../../shared/api/get-task-structure';
import { paths } from '../../../shared/paths';
import { shownStatusName } from '../../../shared/status-name';
import { useStructureRequests } from '../../../shared/task-actions/structure-requests';
import { BlockedMark } from '../../../ui/planning/blocked-mark';
import { useAddRelation } from '../api/add-relation';
import { pickedTask } from '../api/picked-task';
import { type RemoveRelationVariables, useRemoveRelation } from '../api/remove-relation';
import { isPendingRelation, linkOfHit, type TaskLink } from '../api/structure-cache';
import { DuplicateArchiveOffer } from './duplicate-archive-offer';
import { useFollowLink } from './follow-link';
import { CrossIcon } from './row-icons';
import classes from './rows.module.css';
import { TaskFinder } from './task-finder';

/** The five ways a task reads a relation, in the order the section lists them. */
const SIDE_LABELS: Record<RelationSide, () => string> = {
  blocked_by: () => t('task-detail.sideBlockedBy'),
  blocks: () => t('task-detail.sideBlocks'),
  relates: () => t('task-detail.sideRelates'),
  duplicates: () => t('task-detail.sideDuplicates'),
  duplicated_by: () => t('task-detail.sideDuplicatedBy'),
};
const SIDES = Object.keys(SIDE_LABELS) as RelationSide[];
const sideLabel = (side: RelationSide) => SIDE_LABELS[side]();
/** The finder's name: "Task that WEB-12 is blocked by". */
const FINDER_LABELS: Record<RelationSide, (reference: string) => string> = {
  blocked_by: (reference) => t('task-detail.finderBlockedBy', { reference }),
  blocks: (reference) => t('task-detail.finderBlocks', { reference }),
  relates: (reference) => t('task-detail.finderRelates', { reference }),
  duplicates: (reference) => t('task-detail.finderDuplicates', { reference }),
  duplicated_by: (reference) => t('task-detail.finderDuplicatedBy', { reference }),
};
const finderLabel = (side: RelationSide, reference: string) => FINDER_LABELS[side](reference);

type Relation = TaskStructureView['relations'][number];

/**
 * One relation's line: plain elements styled by `rows.module.css` (fifty of them drew some ten
 * Mantine components each). Memoized, with props that keep their identity (the relation of the
 * cached structure, the section's one removal and link handler): the page re-renders as each of its
 * reads lands, and fifty lines need not draw again each time.
 */
const RelationRow = memo(function RelationRow({
  taskId,
  relation,
  onRemove,
  onFollow,
}: {
  taskId: string;
  relation: Relation;
  onRemove: (variables: RemoveRelationVariables) => void;
  onFollow: MouseEventHandler<HTMLAnchorElement>;
}) {
  const { task } = relation;
  // Added a moment ago, not yet on the server: it has no id a removal could name.
  const pending = isPendingRelation(relation);
  return (
    <li className={classes.relation} data-pending={pending || undefined}>
      <span className={classes.reference}>{task.reference}</span>
      <a href={paths.task(task.task_id)} className={classes.title} onClick={onFollow}>
        {task.title}
      </a>
      <span className={classes.badge}>{shownStatusName(task.status, task.status_name)}</span>
      <button
        type="button"
        className={`${classes.iconButton} ${classes.remove}`}
        aria-label={t('task-detail.removeRelation', { reference: task.reference })}
        disabled={pending}
        onClick={() => onRemove({ taskId, relationId: relation.relation_id, otherId: task.task_id })}
      >
        <CrossIcon />
      </button>
    </li>
  );
});

/**
 * The task page's Relations: what blocks this task, what it blocks, relates to and duplicates, each
 * in any project of the organization; added by finding a task, removed from its line.
 */
export function TaskRelations({
  taskId,
  projectId,
  reference,
  title,
  status,
}: {
  taskId: string;
  projectId: string;
  reference: string;
  title: string;
  status: TaskLink['status'];
}) {
  const structure = useTaskStructure(taskId);
  const add = useAddRelation();
  // One removal for every line (a stable `mutate`), so that the memoized lines keep their props.
  const { mutate: removeRelation } = useRemoveRelation();
  const follow = useFollowLink();
  const queryClient = useQueryClient();
  const [side, setSide] = useState<RelationSide>('blocked_by');
  const [duplicateOf, setDuplicateOf] = useState<string | null>(null);
  const finder = useRef<HTMLInputElement>(null);
  // "Mark as blocked by…" in the command palette starts here.
  useStructureRequests(
    useCallback((request) => {
      if (request !== 'mark-blocked-by') return;
      setSide('blocked_by');
      finder.current?.scrollIntoView({ block: 'center' });
      finder.current?.focus();
    }, []),
  );
  const relations = structure.data?.relations ?? [];
  const related = new Set([taskId, ...relations.map((relation) => relation.task.task_id)]);

  function choose(otherId: string) {
    const hit = pickedTask(queryClient, otherId);
    add.mutate(
      {
        taskId,
        side,
        otherId,
        other: hit ? linkOfHit(hit) : null,
        self: { task_id: taskId, reference, title, status },
      },
      {
        onSuccess: () => {
          if (side === 'duplicates') setDuplicateOf(otherId);
        },
      },
    );
  }

  return (
    <section aria-labelledby="task-relations-heading">
      <Title id="task-relations-heading" order={2} fz="sm" fw={600} c="dimmed" tt="uppercase" mb={8}>
        {t('task-detail.relations')}
      </Title>
      <Stack gap="sm">
        {SIDES.map((kind) => {
          const ofKind = relations.filter((relation) => relation.side === kind);
          if (ofKind.length === 0) return null;
          return (
            <div key={kind}>
              <Text size="xs" fw={600} c="dimmed" mb={4}>
                {sideLabel(kind)}
              </Text>
              <ul aria-label={sideLabel(kind)} className={`${classes.list} ${classes.relations}`}>
                {ofKind.map((relation) => (
                  <RelationRow
                    key={relation.relation_id}
                    taskId={taskId}
                    relation={relation}
                    onRemove={removeRelation}
                    onFollow={follow}
                  />
                ))}
              </ul>
            </div>
          );
        })}
        <Group gap="xs" wrap="wrap" align="flex-start">
          <Select
            aria-label={t('task-detail.relationKind')}
            data={SIDES.map((kind) => ({ value: kind, label: sideLabel(kind) }))}
            value={side}
            onChange={(value) => value && setSide(value as RelationSide)}
            allowDeselect={false}
            // Drawn when opened, as the lists of the task finders are (task-finder.tsx).
            comboboxProps={{ keepMounted: false }}
            w={170}
          />
          <TaskFinder
            ref={finder}
            label={finderLabel(side, reference)}
            placeholder={t('task-detail.findTask')}
            projectId={projectId}
            exclude={related}
            onChoose={choose}
          />
        </Group>
      </Stack>
      {duplicateOf ? (
        <DuplicateArchiveOffer
          taskId={taskId}
          reference={reference}
          original={relations.find((relation) => relation.task.task_id === duplicateOf)?.task ?? null}
          originalId={duplicateOf}
          onClose={() => setDuplicateOf(null)}
        />
      ) : null}
    </section>
  );
}

/** The tasks that block this one and are neither of the Done nor of the Canceled category. */
export function openBlockersOf(structure: TaskStructureView | undefined): Relation['task'][] {
  return (structure?.relations ?? [])
    .filter((relation) => relation.side === 'blocked_by')
    .map((relation) => relation.task)
    .filter((task) => !isFinishedStatus(task));
}

/** Beside the title: "Blocked", with the open blockers on hover or focus. */
export function TaskBlockedMark({ taskId }: { taskId: string }) {
  const structure = useTaskStructure(taskId);
  return <BlockedMark blockers={openBlockersOf(structure.data)} />;
}
