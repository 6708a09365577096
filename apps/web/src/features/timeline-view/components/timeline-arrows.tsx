import type { TimelineZoom } from '@figgle/shared/timeline-view-schemas';
import classes from './timeline.module.css';
import { xOf } from './timeline-axis';
import { type Arrow, type Bar, HEADER_HEIGHT, ROW_HEIGHT } from './timeline-model';

/** One timeline per page: a fixed id that url(#…) can name as it is. */
export const ARROW_HEAD_ID = 'timeline-arrow-head';

/**
 * The "blocks" arrows, from the end of the blocker's bar to the start of the blocked one, in one SVG
 * over the rows: those that reach or cross the rows in the page (firstRow to lastRow). A late one (the
 * blocked task starts before its blocker ends) is dashed; the bar itself carries the mark in words.
 */
export function TimelineArrows({
  arrows,
  firstRow,
  lastRow,
  bars,
  rowOf,
  rowCount,
  from,
  zoom,
  width,
  moved,
}: {
  arrows: Arrow[];
  firstRow: number;
  lastRow: number;
  bars: Map<string, Bar>;
  rowOf: Map<string, number>;
  rowCount: number;
  from: number;
  zoom: TimelineZoom;
  width: number;
  /** The bar being dragged, where it is drawn now. */
  moved: { taskId: string; start: number; end: number } | null;
}) {
  const spanOf = (taskId: string) => {
    if (moved?.taskId === taskId) return moved;
    return bars.get(taskId)!;
  };
  return (
    <svg
      className={classes.arrows}
      style={{ top: HEADER_HEIGHT }}
      width={width}
      height={rowCount * ROW_HEIGHT}
      aria-hidden
    >
      <defs>
        <marker
          id={ARROW_HEAD_ID}
          viewBox="0 0 8 8"
          refX="7"
          refY="4"
          markerWidth="7"
          markerHeight="7"
          orient="auto"
        >
          <path d="M0,0 L8,4 L0,8 z" className={classes.arrowHead} />
        </marker>
      </defs>
      {arrows.map((arrow) => {
        const fromRow = rowOf.get(arrow.from)!;
        const toRow = rowOf.get(arrow.to)!;
        if (Math.max(fromRow, toRow) < firstRow || Math.min(fromRow, toRow) > lastRow) return null;
        const blocker = spanOf(arrow.from);
        const blocked = spanOf(arrow.to);
        const x1 = xOf(blocker.end + 1, from, zoom);
        const y1 = fromRow * ROW_HEIGHT + ROW_HEIGHT / 2;
        const x2 = xOf(blocked.start, from, zoom);
        const y2 = toRow * ROW_HEIGHT + ROW_HEIGHT / 2;
        const late = blocked.start <= blocker.end;
        // Forward: out, down, in. Backward (late): out, down to the row's edge, back left, in.
        const d =
          x2 >= x1 + 12
            ? `M${x1},${y1} H${x1 + 6} V${y2} H${x2 - 1}`
            : `M${x1},${y1} H${x1 + 6} V${y2 - (y2 > y1 ? ROW_HEIGHT / 2 : -ROW_HEIGHT / 2)} H${x2 - 8} V${y2} H${x2 - 1}`;
        return (
          <path
            key={`${arrow.from}>${arrow.to}`}
            d={d}
            className={classes.arrow}
            data-late={late || undefined}
            data-from={arrow.from}
            data-to={arrow.to}
            markerEnd={`url(#${ARROW_HEAD_ID})`}
          />
        );
      })}
    </svg>
  );
}
