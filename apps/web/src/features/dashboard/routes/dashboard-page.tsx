import { Grid, Stack } from '@mantine/core';
import { t } from '../../../lib/i18n/i18n';
import { Icon } from '../../../ui/icon/icon';
import { PageHeader } from '../../../ui/page-header';
import { useFailureToast } from '../../../ui/toast';
import { useDashboard } from '../api/get-dashboard';
import { useWeeklySummary } from '../api/get-weekly-summary';
import { ActiveProjects } from '../components/active-projects';
import { FigmaActivity } from '../components/figma-activity';
import { MilestonesAtRisk } from '../components/milestones-at-risk';
import { MyTaskList } from '../components/my-task-list';
import { RemarkableTasks } from '../components/remarkable-tasks';
import { StatusCounters } from '../components/status-counters';
import { WeeklyChartCard } from '../components/weekly-chart-card';
import { WeeklySummary } from '../components/weekly-summary';

/** dashboard: 'Control Panel', figures across every project of the user's organizations. */
export function DashboardPage() {
  const dashboard = useDashboard();
  const summary = useWeeklySummary();
  const view = dashboard.data;
  // Relative times are counted from the last read (renewed at least every 30 s).
  const now = new Date(dashboard.dataUpdatedAt || Date.now());

  useFailureToast(dashboard.isError, t('messages.loadFailed'));

  return (
    <>
      <PageHeader
        title={t('dashboard.title')}
        subtitle={t('dashboard.subtitle')}
        leading={<Icon name="dashboard" size={26} />}
      />
      <Stack gap="md">
        <StatusCounters counters={view?.counters} overdue={view?.overdue} />
        <Grid gap="md">
          <Grid.Col span={12}>
            <WeeklySummary
              summary={summary.data}
              failed={summary.isError}
              onRetry={() => void summary.refetch()}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 8 }}>
            <WeeklyChartCard weeks={view?.weeks} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <ActiveProjects projects={view?.active_projects} />
          </Grid.Col>
          <Grid.Col span={12}>
            <MilestonesAtRisk />
          </Grid.Col>
          <Grid.Col span={12}>
            <RemarkableTasks tasks={view?.remarkable_tasks} now={now} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <MyTaskList
              title={t('dashboard.myTodo')}
              tasks={view?.my_tasks.TODO}
              empty={t('dashboard.myTodoEmpty')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <MyTaskList
              title={t('dashboard.myDoing')}
              tasks={view?.my_tasks.DOING}
              empty={t('dashboard.myDoingEmpty')}
            />
          </Grid.Col>
          <Grid.Col span={12}>
            <FigmaActivity events={view?.figma_events} now={now} />
          </Grid.Col>
        </Grid>
      </Stack>
    </>
  );
}
