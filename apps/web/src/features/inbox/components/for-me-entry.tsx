import type { NotificationView } from '@figgle/shared/notification-schemas';
import { Anchor, Badge, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { Link } from 'react-router';
import { t } from '../../../lib/i18n/i18n';
import { paths } from '../../../shared/paths';
import { Icon } from '../../../ui/icon/icon';
import { ProjectEmoji } from '../../../ui/project-emoji';
import { TimeAgo } from '../../../ui/time-ago';
import { UserAvatar } from '../../../ui/user-avatar';
import { actorName, forMeDetail, forMeVerb } from './for-me-words';

export interface ForMeEntryProps {
  entry: NotificationView;
  now: Date;
  /** Opening the task marks the entry read. */
  onOpen: (notificationId: string) => void;
}

/** One entry of "For me": who did what to which task; unread entries stand out until opened. */
export function ForMeEntry({ entry, now, onOpen }: ForMeEntryProps) {
  const detail = forMeDetail(entry);
  const unread = !entry.read;
  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      px="md"
      py="sm"
      aria-label={t(unread ? 'inbox.unreadEntryLabel' : 'inbox.entryLabel', {
        actor: actorName(entry),
        verb: forMeVerb(entry),
        reference: String(entry.task.reference),
        title: entry.task.title,
      })}
      style={unread ? { borderColor: 'var(--mantine-primary-color-filled)' } : undefined}
      // A faint tint: the dimmed words on it keep 4.5:1 in both schemes (the "light" variant colour did not).
      bg={
        unread
          ? 'color-mix(in srgb, var(--mantine-primary-color-filled) 6%, var(--mantine-color-body))'
          : undefined
      }
    >
      <Group align="flex-start" gap="md" wrap="nowrap">
        {entry.actor ? (
          <UserAvatar
            id={entry.actor.user_id}
            firstname={entry.actor.firstname}
            lastname={entry.actor.lastname}
            size={36}
          />
        ) : (
          <ThemeIcon variant="light" color="violet" size={36} radius="xl" aria-hidden>
            <Icon name="figma" size={20} />
          </ThemeIcon>
        )}
        <Stack gap={4} flex={1} miw={0}>
          <Group gap={4} wrap="wrap" align="flex-start" justify="space-between">
            <Text size="sm" style={{ overflowWrap: 'anywhere', flex: '1 1 240px' }}>
              <Text span size="sm" fw={600}>
                {actorName(entry)}
              </Text>{' '}
              <Text span size="sm" c="dimmed">
                {forMeVerb(entry)}
              </Text>{' '}
              <Anchor
                component={Link}
                to={paths.task(entry.task.task_id)}
                size="sm"
                c="inherit"
                fw={unread ? 700 : 500}
                onClick={() => {
                  if (unread) onOpen(entry.notification_id);
                }}
              >
                #{entry.task.reference} {entry.task.title}
              </Anchor>
            </Text>
            <Group gap={6} wrap="nowrap">
              {unread ? (
                <Badge size="xs" variant="filled" aria-hidden>
                  {t('inbox.new')}
                </Badge>
              ) : null}
              <TimeAgo at={entry.created_at} now={now} style={{ whiteSpace: 'nowrap' }} />
            </Group>
          </Group>
          <Group gap={6} wrap="wrap">
            <ProjectEmoji emoji={entry.project.emoji} size="xs" />
            <Text size="xs" c="dimmed">
              {entry.project.name}
            </Text>
            {detail ? (
              <Text size="sm" style={{ overflowWrap: 'anywhere' }} lineClamp={2}>
                {detail}
              </Text>
            ) : null}
          </Group>
        </Stack>
      </Group>
    </Paper>
  );
}
