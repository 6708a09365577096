import type { DashboardView } from '@figgle/shared/dashboard-schemas';
import { Anchor, Badge, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { Link } from 'react-router';
import { t } from '../../../lib/i18n/i18n';
import { paths } from '../../../shared/paths';
import { Icon } from '../../../ui/icon/icon';
import { ProjectEmoji } from '../../../ui/project-emoji';
import { TimeAgo } from '../../../ui/time-ago';
import { CardList } from './card-list';
import { DashboardCard } from './dashboard-card';

type FigmaEvent = DashboardView['figma_events'][number];

const kindLabel = (kind: FigmaEvent['kind']) =>
  kind === 'TASK'
    ? t('dashboard.kindTask')
    : kind === 'REPLY'
      ? t('dashboard.kindReply')
      : t('dashboard.kindComment');
const KIND_COLOURS: Record<FigmaEvent['kind'], string> = { TASK: 'teal', REPLY: 'blue', COMMENT: 'violet' };

function FigmaEventRow({ event, now }: { event: FigmaEvent; now: Date }) {
  return (
    <Group component="li" align="flex-start" gap="sm" wrap="nowrap">
      <ThemeIcon variant="light" color="violet" size={30} radius="xl" aria-hidden>
        <Icon name="figma" size={17} />
      </ThemeIcon>
      <Stack gap={2} flex={1} miw={0}>
        <Group gap={6} wrap="wrap">
          <Text size="sm" fw={600}>
            {event.figma_triggered_by || t('dashboard.someoneOnFigma')}
          </Text>
          <Badge size="xs" variant="light" color={KIND_COLOURS[event.kind]} radius="sm">
            {kindLabel(event.kind)}
          </Badge>
          <TimeAgo at={event.created_at} now={now} />
        </Group>
        <Text size="sm" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
          {event.content || t('dashboard.noText')}
        </Text>
        <Group gap="sm" wrap="wrap">
          {event.project ? (
            <Anchor component={Link} to={paths.projectList(event.project.project_id)} size="xs">
              <Group component="span" gap={4} wrap="nowrap">
                <ProjectEmoji emoji={event.project.emoji} size="xs" />
                <span>{event.project.name}</span>
              </Group>
            </Anchor>
          ) : null}
          {event.task_id ? (
            <Anchor component={Link} to={paths.task(event.task_id)} size="xs">
              {t('dashboard.openTask')}
            </Anchor>
          ) : null}
          <Anchor href={event.figma_file_url} target="_blank" rel="noopener noreferrer" size="xs">
            {event.figma_file_name || t('dashboard.figmaFile')}
          </Anchor>
        </Group>
      </Stack>
    </Group>
  );
}

/** The latest comments and replies that came from Figma, with a way to the radar for the rest. */
export function FigmaActivity({ events, now }: { events: FigmaEvent[] | undefined; now: Date }) {
  return (
    <DashboardCard title={t('dashboard.figmaTitle')}>
      <CardList items={events} empty={t('dashboard.figmaEmpty')} placeholderHeight={120} gap="md">
        {(event) => <FigmaEventRow key={event.figma_event_id} event={event} now={now} />}
      </CardList>
      <Anchor component={Link} to={paths.figmaRadar} size="sm" mt="auto">
        {t('dashboard.figmaSeeAll')}
      </Anchor>
    </DashboardCard>
  );
}
