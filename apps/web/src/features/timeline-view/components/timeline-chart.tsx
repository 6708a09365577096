import type { TimelineTask, TimelineZoom } from '@figgle/shared/timeline-view-schemas';
import { type DragEvent, type KeyboardEvent, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../shared/paths';
import { longDay, today } from './days';
import classes from './timeline.module.css';
import { TimelineArrows } from './timeline-arrows';
import { TimelineAxis, xOf } from './timeline-axis';
import { DAY_WIDTH, HEADER_HEIGHT, LABEL_WIDTH, ROW_HEIGHT, type TimelineLayout } from './timeline-model';
import { type BarHandlers, TimelineRow } from './timeline-row';

export type DragMode = 'move' | 'start' | 'end';

/** A bar's new days after a drag or a key, or a task's first days after a drop. */
export interface DatesChange {
  task: TimelineTask;
  mode: DragMode;
  start: number;
  end: number;
}

/** The type a task from the "No dates" list travels as, so other drags are not taken for one. */
export const UNDATED_DRAG_TYPE = 'application/x-figgle-task';
/** A task dropped on the axis starts that day and is due four days later (a working week). */
export const DROPPED_LENGTH_DAYS = 5;

interface Drag {
  taskId: string;
  mode: DragMode;
  originX: number;
  delta: number;
  moved: boolean;
}

function shifted(bar: { start: number; end: number }, mode: DragMode, delta: number) {
  if (mode === 'move') return { start: bar.start + delta, end: bar.end + delta };
  if (mode === 'start') return { start: Math.min(bar.start + delta, bar.end), end: bar.end };
  return { start: bar.start, end: Math.max(bar.end + delta, bar.start) };
}

/**
 * The bars on a horizontally scrolling axis, with the arrows between them. A bar is dragged whole or
 * by either end (pointer), moved by a day or a week with the arrow keys, or opened with a click; a
 * task from the "No dates" list is dropped on a day.
 */
export function TimelineChart({
  layout,
  zoom,
  onChange,
  onDrop,
}: {
  layout: TimelineLayout;
  zoom: TimelineZoom;
  /** byPointer: a drag (offered an Undo), not an arrow key. */
  onChange: (change: DatesChange, byPointer: boolean) => void;
  onDrop: (taskId: string, day: number) => void;
}) {
  const navigate = useNavigate();
  const hintId = useId();
  const scroller = useRef<HTMLElement>(null);
  const [drag, setDrag] = useState<Drag | null>(null);
  const [over, setOver] = useState(false);
  const dragRef = useRef<Drag | null>(null);
  const suppressClick = useRef(false);
  const latest = useRef({ layout, zoom, onChange, navigate });
  latest.current = { layout, zoom, onChange, navigate };

  const { from, to, rows, bars, rowOf, arrows } = layout;
  const width = LABEL_WIDTH + (to - from + 1) * DAY_WIDTH[zoom];
  const height = rows.length * ROW_HEIGHT;

  // Opens (and re-zooms) a week before today, where planning happens; only on a new zoom, so a live
  // update that widens the axis does not scroll the page away from where the person is.
  const firstDay = useRef(from);
  firstDay.current = from;
  useLayoutEffect(() => {
    const element = scroller.current;
    if (element) element.scrollLeft = Math.max(0, xOf(today() - 7, firstDay.current, zoom) - LABEL_WIDTH);
  }, [zoom]);

  const handlers = useMemo<BarHandlers>(
    () => ({
      onPointerDown: (event, taskId) => {
        if (event.button !== 0) return;
        // A drag released outside its bar fires no click to swallow: start each press afresh.
        suppressClick.current = false;
        const edge = (event.target as HTMLElement).dataset.edge;
        const mode: DragMode = edge === 'start' || edge === 'end' ? edge : 'move';
        event.currentTarget.setPointerCapture(event.pointerId);
        dragRef.current = { taskId, mode, originX: event.clientX, delta: 0, moved: false };
      },
      onPointerMove: (event) => {
        const current = dragRef.current;
        if (!current) return;
        const dx = event.clientX - current.originX;
        const delta = Math.round(dx / DAY_WIDTH[latest.current.zoom]);
        const moved = current.moved || Math.abs(dx) > 3;
        if (delta === current.delta && moved === current.moved) return;
        dragRef.current = { ...current, delta, moved };
        setDrag(dragRef.current);
      },
      onPointerUp: () => {
        const current = dragRef.current;
        dragRef.current = null;
        setDrag(null);
        if (!current?.moved) return;
        suppressClick.current = true;
        const bar = latest.current.layout.bars.get(current.taskId);
        if (!bar || current.delta === 0) return;
        const days = shifted(bar, current.mode, current.delta);
        if (days.start === bar.start && days.end === bar.end) return;
        latest.current.onChange({ task: bar.task, mode: current.mode, ...days }, true);
      },
      onKeyDown: (event: KeyboardEvent<HTMLButtonElement>, taskId) => {
        if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
        event.preventDefault();
        const bar = latest.current.layout.bars.get(taskId);
        if (!bar) return;
        const delta = (event.key === 'ArrowLeft' ? -1 : 1) * (event.shiftKey ? 7 : 1);
        latest.current.onChange({ task: bar.task, mode: 'move', ...shifted(bar, 'move', delta) }, false);
      },
      onClick: (taskId) => {
        if (suppressClick.current) {
          suppressClick.current = false;
          return;
        }
        void latest.current.navigate(paths.task(taskId));
      },
    }),
    [],
  );

  const dayAt = (clientX: number) => {
    const element = scroller.current!;
    const x = clientX - element.getBoundingClientRect().left + element.scrollLeft - LABEL_WIDTH;
    return from + Math.max(0, Math.floor(x / DAY_WIDTH[zoom]));
  };
  const isTaskDrag = (event: DragEvent) => event.dataTransfer.types.includes(UNDATED_DRAG_TYPE);

  const moved =
    drag?.moved && bars.has(drag.taskId)
      ? { taskId: drag.taskId, ...shifted(bars.get(drag.taskId)!, drag.mode, drag.delta) }
      : null;

  return (
    <>
      <p id={hintId} hidden>
        Drag to move, or drag an end to change one date. Left and right arrows move a day, with Shift a week.
        Enter opens the task.
      </p>
      <section
        ref={scroller}
        className={classes.scroller}
        data-over={over || undefined}
        aria-label={`Timeline from ${longDay(from)} to ${longDay(to)}`}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the region scrolls sideways with the keyboard
        tabIndex={0}
        onDragOver={(event) => {
          if (!isTaskDrag(event)) return;
          event.preventDefault();
          event.dataTransfer.dropEffect = 'move';
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(event) => {
          setOver(false);
          if (!isTaskDrag(event)) return;
          event.preventDefault();
          onDrop(event.dataTransfer.getData(UNDATED_DRAG_TYPE), dayAt(event.clientX));
        }}
      >
        <div className={classes.canvas} style={{ width, height: HEADER_HEIGHT + height }}>
          <TimelineAxis from={from} to={to} zoom={zoom} height={height} />
          {rows.map((row, index) => (
            <TimelineRow
              key={row.kind === 'group' ? `group:${row.key}` : row.bar.task.task_id}
              row={row}
              index={index}
              from={from}
              zoom={zoom}
              moved={moved && row.kind === 'task' && row.bar.task.task_id === moved.taskId ? moved : null}
              handlers={handlers}
              hintId={hintId}
            />
          ))}
          <TimelineArrows
            arrows={arrows}
            bars={bars}
            rowOf={rowOf}
            rowCount={rows.length}
            from={from}
            zoom={zoom}
            width={width}
            moved={moved}
          />
        </div>
      </section>
    </>
  );
}
