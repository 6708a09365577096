import type { CreatedCalendarFeed } from '@figgle/shared/calendar-feed-schemas';
import { Button, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { refusalText } from '../../../lib/api-client';
import { t } from '../../../lib/i18n/i18n';
import { useProjects } from '../../../shared/api/list-projects';
import { toastError } from '../../../ui/toast';
import { useCreateCalendarFeed } from '../api/create-calendar-feed';
import { useCalendarFeeds } from '../api/list-calendar-feeds';
import { CalendarFeedsTable } from '../components/calendar-feeds-table';
import { CreatedCalendarFeedPanel } from '../components/created-calendar-feed';
import { LoadedList } from '../components/loaded-list';
import { SettingsSectionTitle } from '../components/settings-section-title';
import { useLoadErrorToast } from '../components/use-load-error-toast';

const reason = (error: unknown) => refusalText(error, t('settings.reloadAndRetry'));

/** Calendar feeds (docs/product.md#calendar-feeds): secret, read-only iCalendar addresses of due tasks. */
export function SettingsCalendarFeedPage() {
  const feeds = useCalendarFeeds();
  const projects = useProjects();
  const create = useCreateCalendarFeed();
  const [created, setCreated] = useState<CreatedCalendarFeed | null>(null);
  const [projectId, setProjectId] = useState<string | null>(null);
  useLoadErrorToast(feeds.isError);

  async function createFeed(project: string | null) {
    try {
      setCreated(await create.mutateAsync({ project_id: project }));
    } catch (error) {
      toastError(reason(error));
    }
  }

  return (
    <>
      <SettingsSectionTitle
        title={t('settings.calendarFeed')}
        description={t('settings.calendarFeedIntro')}
      />
      <Stack gap="xl" maw={760}>
        {created ? <CreatedCalendarFeedPanel created={created} onDone={() => setCreated(null)} /> : null}
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
          <Stack gap="md">
            <div>
              <Text fw={600} size="sm">
                {t('settings.myTasks')}
              </Text>
              <Text size="sm" c="dimmed">
                {t('settings.myFeedHint')}
              </Text>
            </div>
            <Group>
              <Button loading={create.isPending} onClick={() => createFeed(null)}>
                {t('settings.createMyFeed')}
              </Button>
            </Group>
            <Select
              label={t('settings.projectFeed')}
              description={t('settings.projectFeedHint')}
              placeholder={t('messages.selectPlaceholder')}
              data={(projects.data ?? []).map((project) => ({
                value: project.project_id,
                label: project.name,
              }))}
              value={projectId}
              onChange={setProjectId}
              searchable
              nothingFoundMessage={t('messages.selectNoMatch')}
              maw={360}
            />
            <Group>
              <Button
                variant="light"
                disabled={!projectId}
                loading={create.isPending}
                onClick={() => createFeed(projectId)}
              >
                {t('settings.createProjectFeed')}
              </Button>
            </Group>
            <Text size="xs" c="dimmed">
              {t('settings.feedLimits')}
            </Text>
          </Stack>
        </Paper>
        <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }}>
          <LoadedList read={feeds} empty={t('settings.calendarFeedsEmpty')} height={64}>
            {(items) => <CalendarFeedsTable feeds={items} />}
          </LoadedList>
        </Paper>
      </Stack>
    </>
  );
}
