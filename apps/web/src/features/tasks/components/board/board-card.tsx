import { useSortable } from '@dnd-kit/sortable';
import type { PersonView, TaskSummaryView } from '@figgle/shared/task-schemas';
import { IconGripVertical, IconMessageCircle } from '@tabler/icons-react';
import {
  type CSSProperties,
  type KeyboardEventHandler,
  type MouseEvent,
  memo,
  type ReactNode,
  type SyntheticEvent,
} from 'react';
import { useNavigate } from 'react-router';
import { intlLocale, t } from '../../../../lib/i18n/i18n';
import { relativeTime } from '../../../../lib/relative-time';
import { CardFieldLines } from '../../../../shared/custom-values/card-field-lines';
import { paths } from '../../../../shared/paths';
import { TaskActionsMenu } from '../../../../shared/task-actions/task-actions-menu';
import { AssigneePicker } from '../assignee-picker';
import { ChecklistProgress } from '../checklist-progress';
import { DesignChangedMark } from '../design-changed-mark';
import { DesignStatusMark } from '../design-status-mark';
import { SubtaskProgress } from '../structure-marks';
import { CardMarks, CardPriority } from '../task-planning-marks';
import classes from './board.module.css';

export interface BoardCardData {
  task: TaskSummaryView;
  /** '#12' on a project's board, 'TRI-12' on My tasks. */
  reference: string;
  /**
   * My tasks only, where cards come from every project; absent on a project's own board, which is
   * that project (docs/product.md#board).
   */
  projectName?: string;
  organizationId: string;
}

export interface BoardCardProps extends BoardCardData {
  /** Stable across renders (one callback for the whole board), so an unchanged card is not redrawn. */
  onAssign: (taskId: string, assignee: PersonView | null) => void;
  /** True for a moment after a drag ends, so the release does not count as a click. */
  wasDragging: () => boolean;
}

const stop = (event: SyntheticEvent) => event.stopPropagation();

/**
 * A card on the board: drag it anywhere by mouse or touch, or by keyboard with its grip button.
 * Memoized: a filter or a live change redraws the cards whose task changed, not every card in view.
 */
export const SortableBoardCard = memo(function SortableBoardCard(props: BoardCardProps) {
  const { task } = props;
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({
      id: task.task_id,
    });
  const { onKeyDown, ...pointerListeners } = listeners ?? {};
  const style: CSSProperties = {
    transform: transform
      ? `translate3d(${Math.round(transform.x)}px, ${Math.round(transform.y)}px, 0)`
      : undefined,
    transition,
  };
  return (
    <BoardCardBody
      {...props}
      nodeRef={setNodeRef}
      style={style}
      dragging={isDragging}
      pointerListeners={pointerListeners}
      handle={
        // A plain button styled like a small subtle ActionIcon: a board draws dozens at once.
        <button
          type="button"
          ref={setActivatorNodeRef}
          className={classes.handle}
          {...attributes}
          aria-label={t('tasks.moveTask', { title: task.title })}
          onKeyDown={onKeyDown as KeyboardEventHandler<HTMLButtonElement> | undefined}
        >
          <IconGripVertical size={14} aria-hidden />
        </button>
      }
    />
  );
});

interface BoardCardBodyProps extends BoardCardProps {
  nodeRef?: (element: HTMLElement | null) => void;
  style?: CSSProperties;
  dragging?: boolean;
  overlay?: boolean;
  pointerListeners?: Record<string, unknown>;
  handle?: ReactNode;
}

export function BoardCardBody({
  task,
  reference,
  projectName,
  organizationId,
  onAssign,
  wasDragging,
  nodeRef,
  style,
  dragging,
  overlay,
  pointerListeners,
  handle,
}: BoardCardBodyProps) {
  const navigate = useNavigate();
  const href = paths.task(task.task_id);
  function open(event: MouseEvent) {
    if (wasDragging() || (event.target as HTMLElement).closest('a, button, input')) return;
    navigate(href);
  }
  // The title is a real link (middle click, a new tab, the keyboard), followed inside the app on a
  // plain click; a plain anchor costs less to draw than the router's Link on every card.
  function follow(event: MouseEvent<HTMLAnchorElement>) {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(href);
  }
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a click anywhere is a mouse shortcut; keyboards open the task by its title link.
    <article
      ref={nodeRef}
      style={style}
      className={classes.card}
      data-dragging={dragging || undefined}
      data-overlay={overlay || undefined}
      aria-label={`${reference} ${task.title}`}
      data-task-id={overlay ? undefined : task.task_id}
      onClick={open}
      {...pointerListeners}
    >
      {/* Plain elements styled by the module: a board shows many cards at once, each kept cheap to render. */}
      {/* Three lines: what identifies the task, its title, then how urgent and who, with any marks
          after them. The status is the column's and the project the board's: not repeated. */}
      <div className={classes.cardHeader}>
        {handle}
        <span className={`${classes.meta} ${classes.reference}`}>{reference}</span>
        {projectName ? <span className={`${classes.meta} ${classes.projectName}`}>{projectName}</span> : null}
        <span
          title={new Date(task.created_at).toLocaleString(intlLocale())}
          className={`${classes.meta} ${classes.created}`}
        >
          {relativeTime(task.created_at)}
        </span>
        <span
          aria-label={t('tasks.commentCount', { count: task.comments_total })}
          role="img"
          className={`${classes.meta} ${classes.comments}`}
        >
          <IconMessageCircle size={14} stroke={1.8} aria-hidden />
          {task.comments_total}
        </span>
        <ChecklistProgress checklist={task.checklist} />
        <SubtaskProgress subtasks={task.subtasks} />
        {overlay ? null : (
          <TaskActionsMenu
            taskId={task.task_id}
            projectId={task.project_id}
            title={task.title}
            reference={reference}
            cycleId={task.cycle_id}
          />
        )}
      </div>
      <a href={href} draggable={false} className={classes.cardTitle} onClick={follow}>
        {task.title}
      </a>
      <div className={classes.footer}>
        <CardPriority task={task} />
        {/* The picker is its own control: pressing in it neither drags nor opens the card. */}
        {/* biome-ignore lint/a11y/noStaticElementInteractions: only stops events of the picker inside from reaching the card. */}
        <div
          onMouseDown={stop}
          onTouchStart={stop}
          onClick={stop}
          onKeyDown={stop}
          className={classes.picker}
          data-field-key="assignee"
        >
          <AssigneePicker
            organizationId={organizationId}
            assignee={task.assignee}
            label={t('tasks.assigneeOf', { title: task.title })}
            onChange={(assignee) => onAssign(task.task_id, assignee)}
            width="100%"
          />
        </div>
        <CardMarks task={task} />
        <DesignChangedMark projectId={task.project_id} taskId={task.task_id} />
        <DesignStatusMark status={task.design_status} />
      </div>
      <CardFieldLines projectId={task.project_id} taskId={task.task_id} organizationId={organizationId} />
    </article>
  );
}
