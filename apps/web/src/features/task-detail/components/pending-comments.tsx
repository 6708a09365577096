import { Paper, Stack, Text } from '@mantine/core';
import { IconClockHour3 } from '@tabler/icons-react';
import { t } from '../../../lib/i18n/i18n';
import { RichTextEditor } from '../../../ui/editor/rich-text-editor';
import { usePendingComments } from '../api/create-comment';
import classes from './task-detail.module.css';

/**
 * Comments sent but not yet answered, after the timeline: offline they wait here, in order, and
 * stay after a reload until the connection returns and each joins the timeline.
 */
export function PendingComments({ taskId }: { taskId: string }) {
  const pending = usePendingComments(taskId);
  if (pending.length === 0) return null;
  return (
    <Stack
      component="ol"
      gap={10}
      m={0}
      p={0}
      style={{ listStyle: 'none' }}
      aria-label={t('task-detail.commentsWaiting')}
    >
      {pending.map((comment) => (
        <li key={comment.mutationId}>
          <Paper withBorder radius="md" p="sm" className={classes.comment} style={{ borderStyle: 'dashed' }}>
            <Text size="xs" c="dimmed" mb={6} style={{ display: 'flex', alignItems: 'center', gap: 6 }}>
              <IconClockHour3 size={14} aria-hidden />
              {comment.isPaused ? t('task-detail.waitingToBeSent') : t('task-detail.sending')}
            </Text>
            <RichTextEditor readOnly value={comment.content} label={t('task-detail.commentWaiting')} />
          </Paper>
        </li>
      ))}
    </Stack>
  );
}
