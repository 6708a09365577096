import type { InboxEntryView } from '@figgle/shared/inbox-schemas';
import { Anchor, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { Link } from 'react-router';
import { t } from '../../../lib/i18n/i18n';
import { paths } from '../../../shared/paths';
import { Icon } from '../../../ui/icon/icon';
import { ProjectEmoji } from '../../../ui/project-emoji';
import { TimeAgo } from '../../../ui/time-ago';
import { UserAvatar } from '../../../ui/user-avatar';
import { authorLabel, changeWords } from './entry-words';

export interface InboxEntryProps {
  entry: InboxEntryView;
  now: Date;
}

function AuthorMark({ entry }: { entry: InboxEntryView }) {
  if (entry.author) {
    return (
      <UserAvatar
        id={entry.author.user_id}
        firstname={entry.author.firstname}
        lastname={entry.author.lastname}
        size={36}
      />
    );
  }
  return (
    <ThemeIcon variant="light" color="violet" size={36} radius="xl" aria-hidden>
      <Icon name="figma" size={20} />
    </ThemeIcon>
  );
}

/** One notification: who, when, 'edited a task in' the project, then the task and what changed. */
export function InboxEntry({ entry, now }: InboxEntryProps) {
  return (
    <Paper component="li" withBorder radius="md" px="md" py="sm">
      <Group align="flex-start" gap="md" wrap="nowrap">
        <AuthorMark entry={entry} />
        <Stack gap={4} flex={1} miw={0}>
          <Group gap={4} wrap="wrap" align="flex-start" justify="space-between">
            {/* On a narrow screen the time moves under the sentence instead of squeezing it. */}
            <Text size="sm" style={{ overflowWrap: 'anywhere', flex: '1 1 240px' }}>
              <Text span size="sm" fw={600}>
                {authorLabel(entry)}
              </Text>{' '}
              <Text span size="sm" c="dimmed">
                {t('inbox.editedTaskIn')}
              </Text>{' '}
              <Anchor
                component={Link}
                to={paths.projectList(entry.project.project_id)}
                size="sm"
                fw={500}
                underline="hover"
                style={{ display: 'inline-flex', alignItems: 'center', gap: 6, verticalAlign: 'bottom' }}
              >
                <ProjectEmoji emoji={entry.project.emoji} size="xs" />
                {entry.project.name}
              </Anchor>
            </Text>
            <TimeAgo at={entry.created_at} now={now} style={{ whiteSpace: 'nowrap' }} pt={2} />
          </Group>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }} lineClamp={3}>
            <Anchor component={Link} to={paths.task(entry.task.task_id)} size="sm" c="inherit" fw={500}>
              #{entry.task.reference} {entry.task.title}
            </Anchor>
            <Text component="span" size="sm" c="dimmed">
              {' · '}
            </Text>
            {changeWords(entry)}
          </Text>
        </Stack>
      </Group>
    </Paper>
  );
}
