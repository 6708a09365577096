import type { FigmaEventView } from '@figgle/shared/figma-schemas';
import { Anchor, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { t } from '../../../lib/i18n/i18n';
import { Icon } from '../../../ui/icon/icon';
import { TimeAgo } from '../../../ui/time-ago';
import { AuthorTag } from './author-tag';
import { EventKindIcon } from './event-kind-icon';
import { ProjectTag } from './project-tag';

export interface RadarEventItemProps {
  event: FigmaEventView;
  onDetails: (eventId: string) => void;
}

/** One event: type icon, author tag, content, relative time, project tag, file link, details. */
export function RadarEventItem({ event, onDetails }: RadarEventItemProps) {
  return (
    <Paper
      component="article"
      withBorder
      radius="md"
      p="md"
      aria-label={t('figma-radar.commentBy', {
        by: event.figma_triggered_by || t('figma-radar.someone'),
        noBy: event.figma_triggered_by ? 'no' : 'yes',
        file: event.figma_file_name,
      })}
    >
      <Group align="flex-start" gap="md" wrap="nowrap">
        <EventKindIcon kind={event.kind} />
        <Stack gap={8} flex={1} miw={0}>
          <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
            <Group gap="xs" wrap="wrap" miw={0}>
              <AuthorTag handle={event.figma_triggered_by} />
              <TimeAgo at={event.created_at} />
            </Group>
            <Button
              variant="default"
              size="xs"
              style={{ flexShrink: 0 }}
              onClick={() => onDetails(event.figma_event_id)}
            >
              {t('figma-radar.details')}
            </Button>
          </Group>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} lineClamp={4}>
            {event.content || t('figma-radar.noText')}
          </Text>
          <Group gap="sm" wrap="wrap">
            <ProjectTag project={event.project} />
            <Anchor href={event.figma_file_url} target="_blank" rel="noopener noreferrer" size="xs">
              <Group gap={4} wrap="nowrap" component="span">
                <Icon name="figma" size={14} />
                <span style={{ overflowWrap: 'anywhere' }}>
                  {event.figma_file_name || t('figma-radar.figmaFile')}
                </span>
              </Group>
            </Anchor>
          </Group>
        </Stack>
      </Group>
    </Paper>
  );
}
