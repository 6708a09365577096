// Loaded on demand (see weekly-chart-card.tsx): the charting library stays out of the first load.
import '@mantine/charts/styles.css';
import { DASHBOARD_CHART_SIZE } from '@figgle/shared/constants';
import { BarChart } from '@mantine/charts';
import { t } from '../../../lib/i18n/i18n';
import type { WeekPoint } from './week-points';

export function WeeklyChart({ points }: { points: WeekPoint[] }) {
  return (
    <BarChart
      h={DASHBOARD_CHART_SIZE.height + 60}
      data={points}
      dataKey="label"
      series={[
        { name: 'created', label: t('dashboard.created'), color: 'blue.6' },
        { name: 'completed', label: t('dashboard.completed'), color: 'teal.6' },
      ]}
      withLegend
      legendProps={{ verticalAlign: 'bottom' }}
      tickLine="y"
      gridAxis="y"
      yAxisProps={{ allowDecimals: false, width: 36 }}
      maxBarWidth={18}
      // The chart is hidden from assistive technology (the card gives the same figures as a table),
      // so it must not take keyboard focus either.
      barChartProps={{ accessibilityLayer: false }}
    />
  );
}
