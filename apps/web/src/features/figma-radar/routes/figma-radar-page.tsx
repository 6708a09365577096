import { Button, Stack } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { t } from '../../../lib/i18n/i18n';
import { paths } from '../../../shared/paths';
import { EmptyFeed, FeedLoading, SeeMore, useScrollAfterMore } from '../../../ui/feed-states';
import { Icon } from '../../../ui/icon/icon';
import { PageHeader } from '../../../ui/page-header';
import { useFailureToast } from '../../../ui/toast';
import { useFailedFigmaWork } from '../api/list-failed-figma-work';
import { useRadar } from '../api/list-figma-events';
import { FailedWorkList } from '../components/failed-work-list';
import { RadarEventDialog } from '../components/radar-event-dialog';
import { RadarEventItem } from '../components/radar-event-item';

const EVENT_PARAM = 'eventId';

/** figma-radar: the Figma comments of the user's organizations, newest first; ?eventId= opens one. */
export function FigmaRadarPage() {
  const radar = useRadar();
  const failed = useFailedFigmaWork();
  const [searchParams, setSearchParams] = useSearchParams();
  const eventId = searchParams.get(EVENT_PARAM);

  useFailureToast(radar.isError, t('messages.loadFailed'));

  function openEvent(id: string) {
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      next.set(EVENT_PARAM, id);
      return next;
    });
  }

  function closeEvent() {
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      next.delete(EVENT_PARAM);
      return next;
    });
  }

  const scrollAfterMore = useScrollAfterMore(radar.data?.pages.length ?? 0);

  function seeMore() {
    scrollAfterMore();
    void radar.fetchNextPage();
  }

  const events = radar.data?.pages.flatMap((page) => page.events) ?? [];
  return (
    <>
      <PageHeader
        title={t('figma-radar.title')}
        subtitle={t('figma-radar.subtitle')}
        leading={<Icon name="radar" size={26} />}
        actions={
          <Button
            component={Link}
            to={paths.settingsFigma}
            variant="default"
            leftSection={<Icon name="figma" size={16} />}
          >
            {t('figma-radar.figmaSettings')}
          </Button>
        }
      />
      {failed.data && failed.data.failures.length > 0 ? (
        <FailedWorkList failures={failed.data.failures} />
      ) : null}
      {radar.isPending ? (
        <FeedLoading />
      ) : events.length === 0 ? (
        <EmptyFeed hint={t('figma-radar.emptyHint')}>
          <Button component={Link} to={paths.settingsFigma} variant="light" mt="sm">
            {t('figma-radar.connectFigma')}
          </Button>
        </EmptyFeed>
      ) : (
        <Stack gap="sm" component="section" aria-label={t('figma-radar.events')}>
          {events.map((event) => (
            <RadarEventItem key={event.figma_event_id} event={event} onDetails={openEvent} />
          ))}
          <SeeMore feed={radar} onMore={seeMore} label={t('figma-radar.seeMore')} />
        </Stack>
      )}
      <RadarEventDialog eventId={eventId} onClose={closeEvent} />
    </>
  );
}
