import type { TimelineZoom } from '@figgle/shared/timeline-view-schemas';
import { IconAlertTriangle } from '@tabler/icons-react';
import { type KeyboardEvent, type MouseEvent, memo, type PointerEvent } from 'react';
import { Link } from 'react-router';
import { t } from '../../../lib/i18n/i18n';
import { paths } from '../../../shared/paths';
import { listOf, longDay } from './days';
import classes from './timeline.module.css';
import { xOf } from './timeline-axis';
import { DAY_WIDTH, HEADER_HEIGHT, LABEL_WIDTH, ROW_HEIGHT, type Row } from './timeline-model';

export interface BarHandlers {
  onPointerDown: (event: PointerEvent<HTMLButtonElement>, taskId: string) => void;
  onPointerMove: (event: PointerEvent<HTMLButtonElement>) => void;
  onPointerUp: (event: PointerEvent<HTMLButtonElement>) => void;
  onKeyDown: (event: KeyboardEvent<HTMLButtonElement>, taskId: string) => void;
  onClick: (taskId: string) => void;
  onContextMenu: (event: MouseEvent<HTMLButtonElement>, taskId: string) => void;
}

/** What a bar says to a screen reader: which task, its days, and the late mark in words. */
function barName(label: string, title: string, start: number, end: number, startsBefore: string[]) {
  return t('timeline.barName', {
    task: `${label} ${title}`,
    oneDay: start === end,
    start: longDay(start),
    end: longDay(end),
    late: startsBefore.length > 0,
    blockers: listOf(startsBefore),
  });
}

/** One row: a group's heading (with its milestone's target), or a task's name and its bar. */
export const TimelineRow = memo(function TimelineRow({
  row,
  index,
  from,
  zoom,
  moved,
  handlers,
  hintId,
}: {
  row: Row;
  index: number;
  from: number;
  zoom: TimelineZoom;
  /** Set only on the row whose bar is being dragged. */
  moved: { start: number; end: number } | null;
  handlers: BarHandlers;
  hintId: string;
}) {
  const top = HEADER_HEIGHT + index * ROW_HEIGHT;
  if (row.kind === 'group') {
    return (
      <div className={`${classes.row} ${classes.groupRow}`} style={{ top }}>
        <div className={classes.label} style={{ width: LABEL_WIDTH }}>
          {row.label} <span className={classes.reference}>({row.count})</span>
        </div>
        {row.target !== null ? (
          <span
            className={classes.target}
            style={{ left: xOf(row.target, from, zoom) + DAY_WIDTH[zoom] / 2 }}
            title={t('timeline.target', { day: longDay(row.target) })}
            aria-hidden
          />
        ) : null}
      </div>
    );
  }
  const { bar } = row;
  const start = moved?.start ?? bar.start;
  const end = moved?.end ?? bar.end;
  const late = bar.startsBefore.length > 0;
  return (
    <div className={classes.row} style={{ top }}>
      <div className={classes.label} style={{ width: LABEL_WIDTH, paddingLeft: 12 + bar.depth * 16 }}>
        <span className={classes.reference}>{bar.label}</span>
        <Link to={paths.task(bar.task.task_id)}>{bar.task.title}</Link>
      </div>
      <button
        type="button"
        className={classes.bar}
        data-timeline-bar={bar.task.task_id}
        data-status={bar.task.status}
        data-late={late || undefined}
        data-dragging={moved ? true : undefined}
        style={{ left: xOf(start, from, zoom), width: Math.max((end - start + 1) * DAY_WIDTH[zoom], 12) }}
        aria-label={barName(bar.label, bar.task.title, start, end, bar.startsBefore)}
        aria-describedby={hintId}
        title={late ? t('timeline.startsBefore', { blockers: listOf(bar.startsBefore) }) : undefined}
        onPointerDown={(event) => handlers.onPointerDown(event, bar.task.task_id)}
        onPointerMove={handlers.onPointerMove}
        onPointerUp={handlers.onPointerUp}
        onPointerCancel={handlers.onPointerUp}
        onKeyDown={(event) => handlers.onKeyDown(event, bar.task.task_id)}
        onClick={() => handlers.onClick(bar.task.task_id)}
        onContextMenu={(event) => handlers.onContextMenu(event, bar.task.task_id)}
      >
        <span className={classes.handle} data-edge="start" />
        {late ? <IconAlertTriangle size={13} stroke={2} aria-hidden style={{ flex: 'none' }} /> : null}
        <span className={classes.barTitle}>{bar.task.title}</span>
        <span className={classes.handle} data-edge="end" />
      </button>
      {/* Drawing an arrow from here by pointer (the chart listens); the keyboard's way is the bar's menu. */}
      <span
        className={classes.connector}
        data-connect={bar.task.task_id}
        style={{ left: xOf(end + 1, from, zoom) + 2 }}
        title={t('timeline.connectorHint')}
        aria-hidden
      />
    </div>
  );
});
