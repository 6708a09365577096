import { Button, Center, Loader, Paper, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { t } from '../../../lib/i18n/i18n';
import { paths } from '../../../shared/paths';
import { Icon } from '../../../ui/icon/icon';
import { PageHeader } from '../../../ui/page-header';
import { toastError } from '../../../ui/toast';
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

  useEffect(() => {
    if (radar.isError) toastError(t('messages.loadFailed'));
  }, [radar.isError]);

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

  // After See More, once the new events are on screen, the page scrolls to the bottom.
  const scrollAfterLoad = useRef(false);
  const pageCount = radar.data?.pages.length ?? 0;
  useEffect(() => {
    if (!scrollAfterLoad.current || pageCount === 0) return;
    scrollAfterLoad.current = false;
    window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'smooth' });
  }, [pageCount]);

  function seeMore() {
    scrollAfterLoad.current = true;
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
        <Center py="xl">
          <Loader size="sm" aria-label={t('messages.tableLoading')} />
        </Center>
      ) : events.length === 0 ? (
        <Paper withBorder radius="md" p="xl">
          <Stack gap={4} align="center">
            <Text fw={500}>{t('messages.tableEmpty')}</Text>
            <Text size="sm" c="dimmed" ta="center">
              {t('figma-radar.emptyHint')}
            </Text>
            <Button component={Link} to={paths.settingsFigma} variant="light" mt="sm">
              {t('figma-radar.connectFigma')}
            </Button>
          </Stack>
        </Paper>
      ) : (
        <Stack gap="sm" component="section" aria-label={t('figma-radar.events')}>
          {events.map((event) => (
            <RadarEventItem key={event.figma_event_id} event={event} onDetails={openEvent} />
          ))}
          {radar.hasNextPage ? (
            <Center pt="sm">
              <Button variant="light" onClick={seeMore} loading={radar.isFetchingNextPage}>
                {t('figma-radar.seeMore')}
              </Button>
            </Center>
          ) : null}
        </Stack>
      )}
      <RadarEventDialog eventId={eventId} onClose={closeEvent} />
    </>
  );
}
