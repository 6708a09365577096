import type { FigmaEventView } from '@figgle/shared/figma-schemas';
import { Alert, Anchor, Button, Group, Modal, NativeSelect, Skeleton, Stack, Text } from '@mantine/core';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ApiRequestError } from '../../../lib/api-client';
import { intlLocale, t } from '../../../lib/i18n/i18n';
import { paths } from '../../../shared/paths';
import { Icon } from '../../../ui/icon/icon';
import { toastError, toastSuccess } from '../../../ui/toast';
import { useCreateTaskFromEvent } from '../api/create-task-from-event';
import { useFigmaEvent } from '../api/get-figma-event';
import { useEventProjects } from '../api/list-event-projects';
import { AuthorTag } from './author-tag';
import { eventKindLabel } from './event-kind-icon';
import { ProjectTag } from './project-tag';

export interface RadarEventDialogProps {
  /** The event of ?eventId=; null keeps the dialog closed. */
  eventId: string | null;
  onClose: () => void;
}

/** 'Comment on {file name}': the event in full and 'Create a Task from this event'. */
export function RadarEventDialog({ eventId, onClose }: RadarEventDialogProps) {
  const event = useFigmaEvent(eventId);
  const notFound = event.error instanceof ApiRequestError && event.error.statusCode < 500;
  useEffect(() => {
    if (event.isError && !notFound) toastError(t('messages.loadFailed'));
  }, [event.isError, notFound]);

  const title = event.data
    ? t('figma-radar.commentOn', { file: event.data.figma_file_name || t('figma-radar.figmaFile') })
    : t('figma-radar.comment');
  return (
    <Modal opened={eventId !== null} onClose={onClose} title={title} radius="lg" size="lg">
      {event.data && eventId ? (
        <EventDetails key={eventId} event={event.data} onDone={onClose} />
      ) : notFound ? (
        <Text size="sm" c="dimmed">
          {t('figma-radar.eventMissing')}
        </Text>
      ) : (
        <Stack gap="sm" aria-busy>
          <Skeleton height={18} width="50%" />
          <Skeleton height={60} />
        </Stack>
      )}
    </Modal>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <Text component="dt" size="sm" c="dimmed" w={72} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text component="dd" size="sm" m={0} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Group>
  );
}

function EventDetails({ event, onDone }: { event: FigmaEventView; onDone: () => void }) {
  const projects = useEventProjects(event.figma_event_id);
  const [projectId, setProjectId] = useState(event.project?.project_id ?? '');
  const create = useCreateTaskFromEvent(event.figma_event_id);

  function handleSubmit(formEvent: FormEvent<HTMLFormElement>) {
    formEvent.preventDefault();
    create.mutate(projectId, {
      onSuccess: () => {
        toastSuccess(t('messages.taskCreated'));
        onDone();
      },
      onError: () => toastError(t('messages.saveFailed')),
    });
  }

  const options = (projects.data ?? []).map((project) => ({
    value: project.project_id,
    label: project.name,
  }));
  return (
    <Stack gap="lg">
      <Stack component="dl" gap={8} m={0}>
        <Row label={t('figma-radar.author')}>
          <AuthorTag handle={event.figma_triggered_by} />
        </Row>
        <Row label={t('figma-radar.date')}>
          <time dateTime={event.created_at}>{new Date(event.created_at).toLocaleString(intlLocale())}</time>
        </Row>
        <Row label={t('figma-radar.type')}>{eventKindLabel(event.kind)}</Row>
        <Row label={t('figma-radar.project')}>
          <ProjectTag project={event.project} />
        </Row>
        <Row label={t('figma-radar.file')}>
          <Anchor href={event.figma_file_url} target="_blank" rel="noopener noreferrer" size="sm">
            <Group gap={4} wrap="nowrap" component="span">
              <Icon name="figma" size={14} />
              <span>{event.figma_file_name || t('figma-radar.figmaFile')}</span>
            </Group>
          </Anchor>
        </Row>
      </Stack>
      <Text
        size="sm"
        p="md"
        bg="var(--mantine-color-default-hover)"
        style={{ borderRadius: 'var(--mantine-radius-md)', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
      >
        {event.content || t('figma-radar.noText')}
      </Text>

      {event.task_id ? (
        <Alert color="teal" variant="light" radius="md" title={t('figma-radar.alreadyTask')}>
          <Anchor component={Link} to={paths.task(event.task_id)} size="sm" onClick={onDone}>
            {t('figma-radar.openTask')}
          </Anchor>
        </Alert>
      ) : (
        <form onSubmit={handleSubmit} aria-label={t('figma-radar.createTask')}>
          <Stack gap="md">
            <NativeSelect
              label={t('figma-radar.project')}
              required
              value={projectId}
              onChange={(change) => setProjectId(change.currentTarget.value)}
              data={[
                {
                  value: '',
                  label: projects.isPending ? t('messages.tableLoading') : t('messages.selectPlaceholder'),
                  disabled: true,
                },
                ...options,
              ]}
            />
            <Group justify="flex-end">
              <Button type="submit" loading={create.isPending} leftSection={<Icon name="task" size={16} />}>
                {t('figma-radar.createTask')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
