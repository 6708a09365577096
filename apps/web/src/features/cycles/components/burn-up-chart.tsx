import { addDays } from '@figgle/shared/cycle-dates';
import type { BurnUpPoint } from '@figgle/shared/cycle-schemas';
import { Box, ColorSwatch, Group, Text } from '@mantine/core';
import type { CSSProperties } from 'react';
import { intlLocale, t } from '../../../lib/i18n/i18n';

/** "3 Dec" in English (as before), the chosen language's own short day and month otherwise. */
const dayMonthFormat = () =>
  new Intl.DateTimeFormat(intlLocale() === 'en' ? 'en-GB' : intlLocale(), {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });
const nextDay = (day: string | undefined) => (day ? addDays(day, 1) : undefined);

const HEIGHT = 240;
/** Room for the values' axis on the left and the days' axis below the plot. */
const AXIS_WIDTH = 36;
const AXIS_HEIGHT = 24;
/** At most this many day labels under the plot: every second, third… day is named on a long cycle. */
const DAY_LABELS = 5;
/** The plot's own units: the SVG stretches to its box, and its strokes keep their width. */
const PLOT = 1000;

const SERIES = [
  { name: 'scope', color: 'var(--mantine-color-gray-6)', label: () => t('cycles.scope') },
  { name: 'done', color: 'var(--mantine-color-teal-6)', label: () => t('cycles.done') },
] as const;

/** A round top for the values' axis (1, 2 or 5 times a power of ten per step) and its steps. */
function valueTicks(highest: number): number[] {
  if (highest <= 0) return [0, 1];
  const rough = highest / 4;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = Math.max(
    1,
    [1, 2, 5, 10].map((factor) => factor * power).find((size) => size >= rough) ?? power,
  );
  const ticks: number[] = [];
  for (let value = 0; value < highest + step; value += step) ticks.push(value);
  return ticks;
}

/** A step line (each day's value holds until the next day): an SVG path in the plot's units. */
function stepPath(values: number[], x: (index: number) => number, y: (value: number) => number): string {
  return values
    .map((value, index) => (index === 0 ? `M${x(0)} ${y(value)}` : `H${x(index)}V${y(value)}`))
    .join('');
}

/** Each value as a dot: a zero-length segment with a round cap, round whatever the plot's stretch. */
function dotsPath(values: number[], x: (index: number) => number, y: (value: number) => number): string {
  return values.map((value, index) => `M${x(index)} ${y(value)}h0`).join('');
}

const labelStyle: CSSProperties = { position: 'absolute', whiteSpace: 'nowrap', lineHeight: 1 };

/**
 * The burn-up (docs/product.md#cycles): the scope and what is done at the end of each day, by count
 * or by points. Hidden from assistive technology: the figures beside it say the same. Drawn as plain
 * SVG in the page's first frame (no chart library to load, no measuring of its box first): the plot
 * stretches to its width, the labels are HTML placed in percent.
 */
export function BurnUpChart({
  points,
  by,
  endDate,
}: {
  points: BurnUpPoint[];
  by: 'count' | 'points';
  /** The cycle's last day: the days still to come are on the axis, without figures. */
  endDate: string;
}) {
  const dayMonth = dayMonthFormat();
  const days = points.map((point) => point.date);
  for (let day = nextDay(points.at(-1)?.date); day && day <= endDate; day = nextDay(day)) days.push(day);
  const values = {
    scope: points.map((point) => (by === 'count' ? point.scope : point.scope_points)),
    done: points.map((point) => (by === 'count' ? point.done : point.done_points)),
  };
  const ticks = valueTicks(Math.max(0, ...values.scope, ...values.done));
  const top = ticks.at(-1) ?? 1;
  // Each day in the middle of its share of the width, as a chart of categories places them.
  const x = (index: number) => Math.round(((index + 0.5) / days.length) * PLOT);
  const y = (value: number) => Math.round((1 - value / top) * PLOT);
  const every = Math.ceil(days.length / DAY_LABELS);

  return (
    <div aria-hidden data-testid="burn-up">
      <Box pos="relative" h={HEIGHT - AXIS_HEIGHT} ml={AXIS_WIDTH} mb={AXIS_HEIGHT} mr="xs">
        {ticks.map((tick) => (
          <Text
            key={tick}
            component="span"
            size="xs"
            c="dimmed"
            style={{ ...labelStyle, right: '100%', top: `${(1 - tick / top) * 100}%`, marginRight: 8 }}
            // Centred on its grid line.
            mt={-6}
          >
            {tick}
          </Text>
        ))}
        {days.map((day, index) =>
          index % every === 0 ? (
            <Text
              key={day}
              component="span"
              size="xs"
              c="dimmed"
              // Centred under its day.
              style={{
                ...labelStyle,
                top: '100%',
                left: `${((index + 0.5) / days.length) * 100}%`,
                transform: 'translateX(-50%)',
              }}
              mt={8}
            >
              {dayMonth.format(new Date(`${day}T00:00:00Z`))}
            </Text>
          ) : null,
        )}
        <svg
          aria-hidden
          width="100%"
          height="100%"
          viewBox={`0 0 ${PLOT} ${PLOT}`}
          preserveAspectRatio="none"
          style={{ display: 'block', overflow: 'visible' }}
        >
          <g
            stroke="var(--mantine-color-default-border)"
            strokeDasharray="5 5"
            vectorEffect="non-scaling-stroke"
          >
            {ticks.map((tick) => (
              <line key={tick} x1={0} x2={PLOT} y1={y(tick)} y2={y(tick)} vectorEffect="non-scaling-stroke" />
            ))}
          </g>
          {SERIES.map((series) => (
            <g key={series.name} stroke={series.color} fill="none" strokeLinejoin="round">
              <path
                data-series={series.name}
                d={stepPath(values[series.name], x, y)}
                strokeWidth={2}
                vectorEffect="non-scaling-stroke"
              />
              <path
                d={dotsPath(values[series.name], x, y)}
                strokeWidth={6}
                strokeLinecap="round"
                vectorEffect="non-scaling-stroke"
              />
            </g>
          ))}
        </svg>
      </Box>
      <Group justify="center" gap="md">
        {SERIES.map((series) => (
          <Group key={series.name} gap={6} wrap="nowrap">
            <ColorSwatch color={series.color} size={12} withShadow={false} />
            <Text size="sm">{series.label()}</Text>
          </Group>
        ))}
      </Group>
    </div>
  );
}
