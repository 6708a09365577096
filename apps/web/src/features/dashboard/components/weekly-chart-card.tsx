import { DASHBOARD_CHART_SIZE } from '@figgle/shared/constants';
import type { DashboardView } from '@figgle/shared/dashboard-schemas';
import { Skeleton, Table, VisuallyHidden } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { t } from '../../../lib/i18n/i18n';
import { DashboardCard } from './dashboard-card';
import { weekPoints } from './week-points';

const WeeklyChart = lazy(async () => ({ default: (await import('./weekly-chart')).WeeklyChart }));

const chartHeight = DASHBOARD_CHART_SIZE.height + 60;

/** Tasks created and completed per week over 8 weeks; the same figures as a table for screen readers. */
export function WeeklyChartCard({ weeks }: { weeks: DashboardView['weeks'] | undefined }) {
  const points = weeks ? weekPoints(weeks) : null;
  return (
    <DashboardCard title={t('dashboard.chartTitle')} subtitle={t('dashboard.chartSubtitle')}>
      {points ? (
        <>
          <div aria-hidden>
            <Suspense fallback={<Skeleton h={chartHeight} />}>
              <WeeklyChart points={points} />
            </Suspense>
          </div>
          <VisuallyHidden>
            <Table>
              <caption>{t('dashboard.chartCaption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('dashboard.weekOf')}</th>
                  <th scope="col">{t('dashboard.created')}</th>
                  <th scope="col">{t('dashboard.completed')}</th>
                </tr>
              </thead>
              <tbody>
                {points.map((point) => (
                  <tr key={point.label}>
                    <th scope="row">{point.label}</th>
                    <td>{point.created}</td>
                    <td>{point.completed}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </VisuallyHidden>
        </>
      ) : (
        <Skeleton h={chartHeight} />
      )}
    </DashboardCard>
  );
}
