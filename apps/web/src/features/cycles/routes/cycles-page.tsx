import { Anchor, Badge, Group, Loader, NavLink, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { t } from '../../../lib/i18n/i18n';
import { useProjectCycles } from '../../../shared/api/list-cycles';
import { useProjects } from '../../../shared/api/list-projects';
import { cycleDates, cycleName } from '../../../shared/cycle-words';
import { paths } from '../../../shared/paths';
import { PageHeader } from '../../../ui/page-header';
import { useCycle } from '../api/get-cycle';
import { BurnUpChart } from '../components/burn-up-chart';
import { CycleFigures } from '../components/cycle-figures';

const STATE_WORDS = {
  past: () => t('cycles.stateEnded'),
  current: () => t('cycles.stateCurrent'),
  next: () => t('cycles.stateNext'),
} as const;

/**
 * A project's cycles (/project/:projectId/cycles[/:cycleId], docs/product.md#cycles): the list, and
 * the chosen cycle (the current one by default) with its figures and burn-up, by count or by points.
 */
export function CyclesPage() {
  const { projectId = '', cycleId } = useParams();
  const project = useProjects().data?.find((candidate) => candidate.project_id === projectId);
  const cycles = useProjectCycles(projectId);
  const list = cycles.data?.cycles ?? [];
  const chosenId = cycleId ?? list.find((cycle) => cycle.state === 'current')?.cycle_id ?? null;
  const chosen = useCycle(projectId, chosenId);
  const [by, setBy] = useState<'count' | 'points'>('count');

  return (
    <>
      <PageHeader
        title={project ? t('cycles.titleOf', { name: project.name }) : t('cycles.title')}
        subtitle={
          <Anchor component={Link} to={paths.projectKanban(projectId)} size="sm">
            {t('cycles.backToBoard')}
          </Anchor>
        }
      />
      {cycles.isPending ? <Loader aria-label={t('cycles.loading')} /> : null}
      {cycles.data && !cycles.data.settings?.enabled && list.length === 0 ? (
        <Text c="dimmed">{t('cycles.off')}</Text>
      ) : null}
      <Group align="flex-start" gap="xl" wrap="wrap">
        <Stack gap={2} component="nav" aria-label={t('cycles.title')} miw={220} style={{ flex: '0 1 260px' }}>
          {list.map((cycle) => (
            <NavLink
              key={cycle.cycle_id}
              component={Link}
              to={paths.projectCycles(projectId, cycle.cycle_id)}
              active={cycle.cycle_id === chosenId}
              label={cycleName(cycle)}
              description={cycleDates(cycle)}
              rightSection={
                <Badge size="xs" variant={cycle.state === 'current' ? 'filled' : 'light'} color="gray">
                  {STATE_WORDS[cycle.state]()}
                </Badge>
              }
            />
          ))}
        </Stack>
        {chosen.data ? (
          <Stack
            gap="md"
            style={{ flex: '1 1 320px' }}
            miw={0}
            component="section"
            aria-label={cycleName(chosen.data)}
          >
            <Group gap="sm">
              <Title order={2} fz="lg">
                {cycleName(chosen.data)}
              </Title>
              <Badge variant="light">{STATE_WORDS[chosen.data.state]()}</Badge>
              <Text size="sm" c="dimmed">
                {cycleDates(chosen.data)}
              </Text>
            </Group>
            <CycleFigures cycle={chosen.data} />
            {chosen.data.closed_at ? (
              <Text size="sm" c="dimmed">
                {t('cycles.endedNote')}
              </Text>
            ) : null}
            <Group justify="space-between">
              <Title order={3} fz="md">
                {t('cycles.burnUp')}
              </Title>
              <SegmentedControl
                size="xs"
                value={by}
                onChange={(value) => setBy(value as 'count' | 'points')}
                data={[
                  { value: 'count', label: t('cycles.byCount') },
                  { value: 'points', label: t('cycles.byEstimate') },
                ]}
              />
            </Group>
            {chosen.data.burn_up.length > 0 ? (
              <BurnUpChart points={chosen.data.burn_up} by={by} endDate={chosen.data.end_date} />
            ) : (
              <Text c="dimmed" size="sm">
                {t('cycles.burnUpStarts')}
              </Text>
            )}
          </Stack>
        ) : chosenId ? (
          <Loader aria-label={t('cycles.loadingCycle')} />
        ) : null}
      </Group>
    </>
  );
}
