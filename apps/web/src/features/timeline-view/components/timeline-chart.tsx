import type { TimelineTask, TimelineZoom } from '@figgle/shared/timeline-view-schemas';
import { useVirtualizer } from '@tanstack/react-virtual';
import {
  type ComponentProps,
  type DragEvent,
  type KeyboardEvent,
  type PointerEvent,
  Suspense,
  startTransition,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { flushSync } from 'react-dom';
import { useNavigate } from 'react-router';
import { t } from '../../../lib/i18n/i18n';
import { lazyReady } from '../../../lib/lazy-ready';
import { paths } from '../../../shared/paths';
import type { BarMenu as BarMenuComponent } from './bar-menu';
import { longDay, today } from './days';
import { useIdleReady } from './idle-ready';
import classes from './timeline.module.css';
import { ARROW_HEAD_ID, TimelineArrows } from './timeline-arrows';
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

/** An arrow being drawn from a bar's end handle: its blocker, where it leaves, the bar under the pointer. */
interface Link {
  from: string;
  x: number;
  y: number;
  pointerId: number;
  target: HTMLElement | null;
}

/** The bar under a point, if any (the arrows and the drawn line let the pointer through). */
function barAt(clientX: number, clientY: number): HTMLElement | null {
  return (document.elementFromPoint(clientX, clientY)?.closest('[data-timeline-bar]') as HTMLElement) ?? null;
}

/** Gives the focus back to a task's bar (or its "…" button in the narrow list) after its menu or dialog. */
export function focusBar(taskId: string) {
  const id = CSS.escape(taskId);
  document.querySelector<HTMLElement>(`[data-timeline-bar="${id}"], [data-task-menu="${id}"]`)?.focus();
}

function shifted(bar: { start: number; end: number }, mode: DragMode, delta: number) {
  if (mode === 'move') return { start: bar.start + delta, end: bar.end + delta };
  if (mode === 'start') return { start: Math.min(bar.start + delta, bar.end), end: bar.end };
  return { start: bar.start, end: Math.max(bar.end + delta, bar.start) };
}

/** The bars' one menu (Mantine's Menu and its popover): its code comes after the first paint. */
const BarMenu = lazyReady<ComponentProps<typeof BarMenuComponent>>(() =>
  import('./bar-menu').then((module) => module.BarMenu),
);

/** Rows drawn past each edge of the scroller, so a short scroll shows rows already there. */
const OVERSCAN_ROWS = 8;

/**
 * The bars on a horizontally scrolling axis, with the arrows between them. Only the rows in sight
 * (and a few past each edge) are in the page, with the arrows that cross them: a thousand tasks
 * paint as quickly as thirty. The row of the bar that has the focus, is dragged or has its menu open
 * stays in the page wherever it is, so a keyboard move that sorts it elsewhere keeps the focus (and
 * is scrolled to). A bar is dragged whole or by either end (pointer), moved by a day or a week with
 * the arrow keys, or opened with a click; a task from the "No dates" list is dropped on a day. An
 * arrow is drawn from the handle past a bar's end onto another bar (that task is blocked by this
 * one), or from the bar's menu (Shift+F10, the menu key or a right click): "Add dependency…".
 */
export function TimelineChart({
  layout,
  zoom,
  onChange,
  onDrop,
  onLink,
  onAddDependency,
}: {
  layout: TimelineLayout;
  zoom: TimelineZoom;
  /** byPointer: a drag (offered an Undo), not an arrow key. */
  onChange: (change: DatesChange, byPointer: boolean) => void;
  onDrop: (taskId: string, day: number) => void;
  /** An arrow drawn by hand: `from` blocks `to`. */
  onLink: (from: string, to: string) => void;
  /** "Add dependency…" chosen in a bar's menu. */
  onAddDependency: (taskId: string) => void;
}) {
  const navigate = useNavigate();
  const hintId = useId();
  const scroller = useRef<HTMLElement>(null);
  const [drag, setDrag] = useState<Drag | null>(null);
  const [over, setOver] = useState(false);
  const dragRef = useRef<Drag | null>(null);
  const suppressClick = useRef(false);
  const canvas = useRef<HTMLDivElement>(null);
  const draft = useRef<SVGPathElement>(null);
  const linkRef = useRef<Link | null>(null);
  const [menuFor, setMenuFor] = useState<string | null>(null);
  const menuReady = useIdleReady(BarMenu.preload);
  const latest = useRef({ layout, zoom, onChange, navigate });
  latest.current = { layout, zoom, onChange, navigate };

  const { from, to, rows, bars, rowOf, arrows } = layout;
  const width = LABEL_WIDTH + (to - from + 1) * DAY_WIDTH[zoom];
  const height = rows.length * ROW_HEIGHT;

  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    paddingStart: HEADER_HEIGHT,
    overscan: OVERSCAN_ROWS,
    // The window's size until the scroller is measured: the first paint already has its rows.
    initialRect: { width: window.innerWidth, height: window.innerHeight },
  });
  /** The bar that has the focus, whose row is kept in the page while it is sorted elsewhere. */
  const [focused, setFocused] = useState<string | null>(null);
  /** The focused bar's row when last drawn: a move that sorts it elsewhere scrolls there. */
  const focusedRow = useRef<{ taskId: string; index: number } | null>(null);

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
        // Drawn before this event returns, not in a task after it: the bar is in its new place in the
        // very next frame (a pointer move is not urgent to React, which would render it a frame late).
        const next = dragRef.current;
        flushSync(() => setDrag(next));
      },
      onPointerUp: () => {
        const current = dragRef.current;
        dragRef.current = null;
        // Not urgent: the drop's PATCH leaves two microtasks after the change starts (the mutation's
        // onMutate steps), and an urgent render would be drawn in a microtask before it. The bar keeps
        // its dragged place until the changed dates draw it there.
        startTransition(() => setDrag(null));
        if (!current?.moved) return;
        suppressClick.current = true;
        const bar = latest.current.layout.bars.get(current.taskId);
        if (!bar || current.delta === 0) return;
        const days = shifted(bar, current.mode, current.delta);
        if (days.start === bar.start && days.end === bar.end) return;
        latest.current.onChange({ task: bar.task, mode: current.mode, ...days }, true);
      },
      onKeyDown: (event: KeyboardEvent<HTMLButtonElement>, taskId) => {
        if (event.key === 'ContextMenu' || (event.key === 'F10' && event.shiftKey)) {
          event.preventDefault();
          setMenuFor(taskId);
          return;
        }
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
      onContextMenu: (event, taskId) => {
        event.preventDefault();
        setMenuFor(taskId);
      },
    }),
    [],
  );

  const dayAt = (clientX: number) => {
    const element = scroller.current!;
    const x = clientX - element.getBoundingClientRect().left + element.scrollLeft - LABEL_WIDTH;
    return from + Math.max(0, Math.floor(x / DAY_WIDTH[zoom]));
  };
  // Drawing an arrow: the press on a bar's end handle starts it; the line follows the pointer through
  // the DOM, not React, so a move redraws one path and no bar.
  const canvasPoint = (event: PointerEvent) => {
    const box = canvas.current!.getBoundingClientRect();
    return { x: event.clientX - box.left, y: event.clientY - box.top };
  };
  const markTarget = (link: Link, bar: HTMLElement | null) => {
    const target = bar && bar.dataset.timelineBar !== link.from ? bar : null;
    if (target === link.target) return;
    link.target?.removeAttribute('data-link-target');
    target?.setAttribute('data-link-target', 'true');
    link.target = target;
  };
  const startLink = (event: PointerEvent<HTMLElement>) => {
    const from = (event.target as HTMLElement).dataset.connect;
    if (!from || event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    const { x, y } = canvasPoint(event);
    linkRef.current = { from, x, y, pointerId: event.pointerId, target: null };
    event.currentTarget.dataset.linking = 'true';
  };
  const moveLink = (event: PointerEvent<HTMLElement>) => {
    const link = linkRef.current;
    if (!link || event.pointerId !== link.pointerId) return;
    const { x, y } = canvasPoint(event);
    draft.current?.setAttribute('d', `M${link.x},${link.y} L${x},${y}`);
    markTarget(link, barAt(event.clientX, event.clientY));
  };
  const endLink = (event: PointerEvent<HTMLElement>, drop: boolean) => {
    const link = linkRef.current;
    if (!link || event.pointerId !== link.pointerId) return;
    linkRef.current = null;
    event.currentTarget.removeAttribute('data-linking');
    draft.current?.setAttribute('d', '');
    markTarget(link, null);
    const to = drop ? barAt(event.clientX, event.clientY)?.dataset.timelineBar : undefined;
    if (to && to !== link.from) onLink(link.from, to);
  };

  const menuBar = menuFor !== null ? bars.get(menuFor) : undefined;
  const closeMenu = () => {
    if (menuFor !== null) focusBar(menuFor);
    setMenuFor(null);
  };

  const isTaskDrag = (event: DragEvent) => event.dataTransfer.types.includes(UNDATED_DRAG_TYPE);

  const moved =
    drag?.moved && bars.has(drag.taskId)
      ? { taskId: drag.taskId, ...shifted(bars.get(drag.taskId)!, drag.mode, drag.delta) }
      : null;

  const items = virtualizer.getVirtualItems();
  const firstShown = items[0]?.index ?? 0;
  const lastShown = items.at(-1)?.index ?? -1;
  const shown = new Set(items.map((item) => item.index));
  for (const taskId of [focused, drag?.taskId, menuFor]) {
    const index = taskId ? rowOf.get(taskId) : undefined;
    if (index !== undefined) shown.add(index);
  }
  const shownRows = [...shown].sort((a, b) => a - b);

  // The focused bar sorted to another row (moved by a key, among its group's by start): scrolled into
  // sight there. A scroll by the person leaves its row where it is, so it does not pull them back.
  const focusedIndex = focused ? rowOf.get(focused) : undefined;
  useLayoutEffect(() => {
    const before = focusedRow.current;
    focusedRow.current =
      focused && focusedIndex !== undefined ? { taskId: focused, index: focusedIndex } : null;
    if (focusedIndex === undefined || before?.taskId !== focused || before.index === focusedIndex) return;
    virtualizer.scrollToIndex(focusedIndex, { align: 'auto' });
  }, [focused, focusedIndex, virtualizer]);

  return (
    <>
      <p id={hintId} hidden>
        {t('timeline.barHint')}
      </p>
      <section
        ref={scroller}
        className={classes.scroller}
        data-over={over || undefined}
        aria-label={t('timeline.regionLabel', { from: longDay(from), to: longDay(to) })}
        onFocus={(event) => setFocused((event.target as HTMLElement).dataset.timelineBar ?? null)}
        onBlur={() => setFocused(null)}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the region scrolls sideways with the keyboard
        tabIndex={0}
        onDragOver={(event) => {
          if (!isTaskDrag(event)) return;
          event.preventDefault();
          event.dataTransfer.dropEffect = 'move';
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onPointerDown={startLink}
        onPointerMove={moveLink}
        onPointerUp={(event) => endLink(event, true)}
        onPointerCancel={(event) => endLink(event, false)}
        onDrop={(event) => {
          setOver(false);
          if (!isTaskDrag(event)) return;
          event.preventDefault();
          onDrop(event.dataTransfer.getData(UNDATED_DRAG_TYPE), dayAt(event.clientX));
        }}
      >
        <div ref={canvas} className={classes.canvas} style={{ width, height: HEADER_HEIGHT + height }}>
          <TimelineAxis from={from} to={to} zoom={zoom} height={height} />
          {shownRows.map((index) => {
            const row = rows[index]!;
            return (
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
            );
          })}
          <TimelineArrows
            arrows={arrows}
            firstRow={firstShown}
            lastRow={lastShown}
            bars={bars}
            rowOf={rowOf}
            rowCount={rows.length}
            from={from}
            zoom={zoom}
            width={width}
            moved={moved}
          />
          <svg
            className={`${classes.arrows} ${classes.draftLayer}`}
            style={{ top: 0 }}
            width={width}
            height={HEADER_HEIGHT + height}
            aria-hidden
          >
            <path ref={draft} d="" className={classes.draft} markerEnd={`url(#${ARROW_HEAD_ID})`} />
          </svg>
          {menuReady || menuBar ? (
            <Suspense fallback={null}>
              <BarMenu
                bar={menuBar ?? null}
                left={menuBar ? xOf(menuBar.start, from, zoom) : 0}
                top={
                  menuBar
                    ? HEADER_HEIGHT + (rowOf.get(menuBar.task.task_id) ?? 0) * ROW_HEIGHT + ROW_HEIGHT - 4
                    : 0
                }
                onOpenTask={() => {
                  if (menuBar) void navigate(paths.task(menuBar.task.task_id));
                }}
                onAddDependency={() => {
                  if (menuBar) onAddDependency(menuBar.task.task_id);
                }}
                onClose={closeMenu}
              />
            </Suspense>
          ) : null}
        </div>
      </section>
    </>
  );
}
