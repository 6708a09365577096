import type { CreatedCalendarFeed } from '@figgle/shared/calendar-feed-schemas';
import { MESSAGES } from '@figgle/shared/constants';
import { Button, Group, Paper, Select, Skeleton, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ApiRequestError } from '../../../lib/api-client';
import { useProjects } from '../../../shared/api/list-projects';
import { toastError } from '../../../ui/toast';
import { useCreateCalendarFeed } from '../api/create-calendar-feed';
import { useCalendarFeeds } from '../api/list-calendar-feeds';
import { CalendarFeedsTable } from '../components/calendar-feeds-table';
import { CreatedCalendarFeedPanel } from '../components/created-calendar-feed';
import { SettingsSectionTitle } from '../components/settings-section-title';
import { useLoadErrorToast } from '../components/use-load-error-toast';

const reason = (error: unknown) =>
  error instanceof ApiRequestError && error.statusCode < 500
    ? error.message
    : 'Sorry, something went wrong. Please reload the page and try again.';

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
        title="Calendar feed"
        description="Subscribe to your due dates from a calendar application: each task with a due date is an event, all day or at its due time, with a link back to the task. The address is secret and read-only; revoke it to end it."
      />
      <Stack gap="xl" maw={760}>
        {created ? <CreatedCalendarFeedPanel created={created} onDone={() => setCreated(null)} /> : null}
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
          <Stack gap="md">
            <div>
              <Text fw={600} size="sm">
                My tasks
              </Text>
              <Text size="sm" c="dimmed">
                The tasks assigned to you that have a due date. A new address replaces the previous one.
              </Text>
            </div>
            <Group>
              <Button loading={create.isPending} onClick={() => createFeed(null)}>
                Create my feed address
              </Button>
            </Group>
            <Select
              label="A project’s feed"
              description="Every task of the project that has a due date."
              placeholder={MESSAGES.selectPlaceholder}
              data={(projects.data ?? []).map((project) => ({
                value: project.project_id,
                label: project.name,
              }))}
              value={projectId}
              onChange={setProjectId}
              searchable
              nothingFoundMessage={MESSAGES.selectNoMatch}
              maw={360}
            />
            <Group>
              <Button
                variant="light"
                disabled={!projectId}
                loading={create.isPending}
                onClick={() => createFeed(projectId)}
              >
                Create the project’s feed address
              </Button>
            </Group>
            <Text size="xs" c="dimmed">
              Feeds hold tasks due from a year ago to two years ahead, at most 1000 of them.
            </Text>
          </Stack>
        </Paper>
        <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }}>
          {feeds.data ? (
            feeds.data.length === 0 ? (
              <Text size="sm" c="dimmed" p="xs">
                No calendar feeds yet.
              </Text>
            ) : (
              <CalendarFeedsTable feeds={feeds.data} />
            )
          ) : (
            <Skeleton height={64} aria-busy={feeds.isPending} />
          )}
        </Paper>
      </Stack>
    </>
  );
}
