import { useSortable } from '@dnd-kit/sortable';
import { relativeTime } from '@figgle/shared/relative-time';
import type { PersonView, TaskSummaryView } from '@figgle/shared/task-schemas';
import { ActionIcon } from '@mantine/core';
import { IconGripVertical, IconMessageCircle } from '@tabler/icons-react';
import type { CSSProperties, KeyboardEventHandler, MouseEvent, ReactNode, SyntheticEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../../shared/paths';
import { AssigneePicker } from '../assignee-picker';
import { ChecklistProgress } from '../checklist-progress';
import { CardPlanning } from '../task-planning-marks';
import classes from './board.module.css';

export interface BoardCardData {
  task: TaskSummaryView;
  /** '#12' on a project's board, 'TRI-12' on My tasks. */
  reference: string;
  projectName: string;
  organizationId: string;
}

export interface BoardCardProps extends BoardCardData {
  onAssign: (assignee: PersonView | null) => void;
  /** True for a moment after a drag ends, so the release does not count as a click. */
  wasDragging: () => boolean;
}

const stop = (event: SyntheticEvent) => event.stopPropagation();

/** A card on the board: drag it anywhere by mouse or touch, or by keyboard with its grip button. */
export function SortableBoardCard(props: BoardCardProps) {
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
        <ActionIcon
          ref={setActivatorNodeRef}
          variant="subtle"
          color="gray"
          size="sm"
          className={classes.handle}
          {...attributes}
          role="button"
          aria-label={`Move ${task.title}`}
          onKeyDown={onKeyDown as KeyboardEventHandler<HTMLButtonElement> | undefined}
        >
          <IconGripVertical size={14} aria-hidden />
        </ActionIcon>
      }
    />
  );
}

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
  function open(event: MouseEvent) {
    if (wasDragging() || (event.target as HTMLElement).closest('a, button, input')) return;
    navigate(paths.task(task.task_id));
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
      onClick={open}
      {...pointerListeners}
    >
      {/* Plain elements styled by the module: a board shows many cards at once, each kept cheap to render. */}
      <div className={classes.cardHeader}>
        {handle}
        <span className={`${classes.meta} ${classes.reference}`}>{reference}</span>
        <span className={`${classes.meta} ${classes.projectName}`}>{projectName}</span>
        <span
          aria-label={`${task.comments_total} comments`}
          role="img"
          className={`${classes.meta} ${classes.comments}`}
        >
          <IconMessageCircle size={14} stroke={1.8} aria-hidden />
          {task.comments_total}
        </span>
        <ChecklistProgress checklist={task.checklist} />
      </div>
      <Link to={paths.task(task.task_id)} draggable={false} className={classes.cardTitle}>
        {task.title}
      </Link>
      <CardPlanning task={task} />
      <div className={classes.footer}>
        {/* The picker is its own control: pressing in it neither drags nor opens the card. */}
        {/* biome-ignore lint/a11y/noStaticElementInteractions: only stops events of the picker inside from reaching the card. */}
        <div
          onMouseDown={stop}
          onTouchStart={stop}
          onClick={stop}
          onKeyDown={stop}
          className={classes.picker}
        >
          <AssigneePicker
            organizationId={organizationId}
            assignee={task.assignee}
            label={`Assignee of ${task.title}`}
            onChange={onAssign}
            width="100%"
          />
        </div>
        <span
          title={new Date(task.created_at).toLocaleString()}
          className={`${classes.meta} ${classes.created}`}
        >
          {relativeTime(task.created_at)}
        </span>
      </div>
    </article>
  );
}
