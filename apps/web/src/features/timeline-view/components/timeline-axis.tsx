import type { TimelineZoom } from '@figgle/shared/timeline-view-schemas';
import { memo } from 'react';
import { t } from '../../../lib/i18n/i18n';
import { dateParts, monthName, shortDay, today, weekdayOf } from './days';
import classes from './timeline.module.css';
import { DAY_WIDTH, LABEL_WIDTH } from './timeline-model';

interface Tick {
  day: number;
  text: string;
  major: boolean;
  /** Above the day's number at the week zoom: the week's first day, wider than a day's column. */
  over?: string | undefined;
}

/** The ticks of the axis: days (week zoom), Mondays (month zoom) or first days of a month (quarter). */
function ticksOf(from: number, to: number, zoom: TimelineZoom): Tick[] {
  const ticks: Tick[] = [];
  for (let day = from; day <= to; day++) {
    const { date } = dateParts(day);
    if (zoom === 'week') {
      const monday = weekdayOf(day) === 0;
      ticks.push({ day, text: String(date), major: monday, over: monday ? shortDay(day) : undefined });
    } else if (zoom === 'month' && weekdayOf(day) === 0)
      ticks.push({ day, text: shortDay(day), major: date <= 7 });
    else if (zoom === 'quarter' && date === 1)
      ticks.push({ day, text: monthName(day), major: dateParts(day).month % 3 === 0 });
  }
  return ticks;
}

export const xOf = (day: number, from: number, zoom: TimelineZoom) =>
  LABEL_WIDTH + (day - from) * DAY_WIDTH[zoom];

/** The sticky header with the days, and the grid lines and today's line behind the bars. */
export const TimelineAxis = memo(function TimelineAxis({
  from,
  to,
  zoom,
  height,
}: {
  from: number;
  to: number;
  zoom: TimelineZoom;
  height: number;
}) {
  const ticks = ticksOf(from, to, zoom);
  const now = today();
  return (
    <>
      <div className={classes.header} aria-hidden>
        <div className={classes.corner} style={{ width: LABEL_WIDTH }}>
          {t('timeline.taskColumn')}
        </div>
        {ticks.map((tick) => (
          <div
            key={tick.day}
            className={classes.tick}
            data-major={tick.major || undefined}
            data-week={zoom === 'week' || undefined}
            style={{ left: xOf(tick.day, from, zoom), width: zoom === 'week' ? DAY_WIDTH.week : undefined }}
          >
            {tick.over !== undefined ? <span className={classes.tickOver}>{tick.over}</span> : null}
            {tick.text}
          </div>
        ))}
      </div>
      <div style={{ position: 'absolute', top: 40, left: 0, right: 0, height }} aria-hidden>
        {ticks
          .filter((tick) => zoom !== 'week' || tick.major)
          .map((tick) => (
            <div key={tick.day} className={classes.gridLine} style={{ left: xOf(tick.day, from, zoom) }} />
          ))}
        {now >= from && now <= to ? (
          <div
            className={classes.todayLine}
            style={{ left: xOf(now, from, zoom) }}
            title={t('timeline.today')}
          />
        ) : null}
      </div>
    </>
  );
});
