import '@mantine/charts/styles.css';
import { addDays } from '@figgle/shared/cycle-dates';
import type { BurnUpPoint } from '@figgle/shared/cycle-schemas';
import { LineChart } from '@mantine/charts';
import { intlLocale, t } from '../../../lib/i18n/i18n';

/** "3 Dec" in English (as before), the chosen language's own short day and month otherwise. */
const dayMonthFormat = () =>
  new Intl.DateTimeFormat(intlLocale() === 'en' ? 'en-GB' : intlLocale(), {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });
const nextDay = (day: string | undefined) => (day ? addDays(day, 1) : undefined);

/**
 * The burn-up (docs/product.md#cycles): the scope and what is done at the end of each day, by count
 * or by points. Hidden from assistive technology: the figures beside it say the same.
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
  const data: Array<{ day: string; scope?: number; done?: number }> = points.map((point) => ({
    day: dayMonth.format(new Date(`${point.date}T00:00:00Z`)),
    scope: by === 'count' ? point.scope : point.scope_points,
    done: by === 'count' ? point.done : point.done_points,
  }));
  for (let day = nextDay(points.at(-1)?.date); day && day <= endDate; day = nextDay(day))
    data.push({ day: dayMonth.format(new Date(`${day}T00:00:00Z`)) });
  return (
    <div aria-hidden data-testid="burn-up">
      <LineChart
        h={240}
        data={data}
        dataKey="day"
        series={[
          { name: 'scope', label: t('cycles.scope'), color: 'gray.6' },
          { name: 'done', label: t('cycles.done'), color: 'teal.6' },
        ]}
        curveType="stepAfter"
        withLegend
        legendProps={{ verticalAlign: 'bottom' }}
        yAxisProps={{ allowDecimals: false, width: 36 }}
        lineChartProps={{ accessibilityLayer: false }}
      />
    </div>
  );
}
