import { INITIAL_VISIBLE_COMMENTS } from '@figgle/shared/constants';
import type { StatusNames } from '@figgle/shared/log-type';
import type { TimelineCommentView, TimelineLogView, TimelineView } from '@figgle/shared/timeline-schemas';
import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconRepeat } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { intlLocale, t } from '../../../lib/i18n/i18n';
import { relativeTime } from '../../../lib/relative-time';
import {
  changeWords,
  customFieldWords,
  cycleWords,
  estimateWords,
  milestoneWords,
  structureWords,
} from '../../../shared/activity-words';
import { useStatusChoices } from '../../../shared/api/list-project-statuses';
import { otherChanges, planningSentences } from '../../../ui/planning/change-words';
import { UserAvatar } from '../../../ui/user-avatar';
import { AuthorMark, personName } from './author-mark';
import { CommentBody, EditedMark } from './comment-body';
import classes from './task-detail.module.css';

function When({ at, now }: { at: string; now: number }) {
  return (
    <Text
      component="time"
      dateTime={at}
      title={new Date(at).toLocaleString(intlLocale())}
      size="xs"
      c="dimmed"
    >
      {relativeTime(at, new Date(now))}
    </Text>
  );
}

function logText(log: TimelineLogView, names: Record<string, string>, statusNames: StatusNames): string {
  if (log.type === 'CREATION') return t('task-detail.logCreated');
  if (log.type === 'CONTENT') return t('task-detail.logContent');
  if (log.type === 'RESTORE') return t('task-detail.logRestored');
  if (log.type === 'COMMENT_EDIT') return t('task-detail.logCommentEdited');
  if (log.type === 'COMMENT_DELETE') return t('task-detail.logCommentDeleted');
  if (log.type === 'MOVE' && log.metadata.project)
    return t('task-detail.logMoved', {
      from: log.metadata.project.old.name,
      to: log.metadata.project.new.name,
    });
  if (log.type === 'ESTIMATE' && log.metadata.estimate) return estimateWords(log.metadata.estimate);
  if (log.type === 'MILESTONE' && log.metadata.milestone) return milestoneWords(log.metadata.milestone);
  if (log.type === 'CYCLE' && log.metadata.cycle)
    return cycleWords(log.metadata.cycle, log.metadata.rollover);
  if (log.type === 'CUSTOM_FIELD' && log.metadata.custom_field)
    return customFieldWords(log.metadata.custom_field);
  const structure = structureWords(log.type, log.metadata);
  if (structure) return structure;
  const planning = planningSentences(log.metadata);
  if (planning.length === 0)
    return t('task-detail.logChanged', { what: changeWords(log.metadata, names, statusNames) });
  const rest = otherChanges(log.metadata);
  return [
    ...(rest ? [t('task-detail.logChanged', { what: changeWords(rest, names, statusNames) })] : []),
    ...planning,
  ].join(', ');
}

function LogLine({
  log,
  names,
  statusNames,
  now,
}: {
  log: TimelineLogView;
  names: Record<string, string>;
  statusNames: StatusNames;
  now: number;
}) {
  // The rollover of an ended cycle is Figgle's own doing (no author), not Figma's.
  const byRollover = log.type === 'CYCLE' && log.metadata.rollover === true;
  return (
    <Group gap={8} wrap="nowrap" className={classes.logLine} data-log-type={log.type}>
      {byRollover ? (
        <IconRepeat size={20} stroke={1.6} aria-hidden />
      ) : (
        <AuthorMark person={log.author} size={20} />
      )}
      <Text size="sm" c="dimmed" className={classes.logText}>
        <Text span fw={600} c="var(--mantine-color-text)">
          {byRollover ? 'Figgle' : personName(log.author)}
        </Text>{' '}
        {logText(log, names, statusNames)}
      </Text>
      <When at={log.at} now={now} />
    </Group>
  );
}

function CommentCard({ comment, now }: { comment: TimelineCommentView; now: number }) {
  const name = comment.user ? personName(comment.user) : comment.author_name || 'Figma';
  return (
    <Paper withBorder radius="md" p="sm" className={classes.comment}>
      <Group gap={8} mb={6} wrap="nowrap">
        {comment.user || comment.is_from_figma ? (
          <AuthorMark person={comment.user} size={28} />
        ) : (
          // An imported comment: its author (named in author_name) has no account here.
          <UserAvatar id={comment.comment_id} firstname={comment.author_name} lastname="" size={28} />
        )}
        <Text size="sm" fw={600}>
          {name}
        </Text>
        {comment.is_imported ? (
          // The name is only what the imported file said: it may be any member's, so say so.
          <Badge size="xs" variant="light" color="gray" title={t('task-detail.importedTitle', { name })}>
            {t('task-detail.imported')}
          </Badge>
        ) : null}
        <When at={comment.at} now={now} />
        <EditedMark comment={comment} />
      </Group>
      <CommentBody comment={comment} name={name} />
    </Paper>
  );
}

/**
 * One chronological list of comments and change-log lines; the 2 latest comments show at first. A
 * status reads by its name in the task's project (`projectId`), as the board shows it.
 */
export function Timeline({ timeline, projectId }: { timeline: TimelineView; projectId: string }) {
  const [expanded, setExpanded] = useState(false);
  const statuses = useStatusChoices(projectId);
  const statusNames = useMemo(
    () => Object.fromEntries(statuses.map((status) => [status.key, status.name])),
    [statuses],
  );
  const [now, setNow] = useState(() => Date.now());
  // Relative times ('2 minutes ago') move on while the page stays open.
  useEffect(() => {
    const interval = window.setInterval(() => setNow(Date.now()), 30_000);
    return () => window.clearInterval(interval);
  }, []);

  const comments = timeline.items.filter((item): item is TimelineCommentView => item.kind === 'comment');
  const hiddenCount = expanded ? 0 : Math.max(0, comments.length - INITIAL_VISIBLE_COMMENTS);
  const visible = useMemo(() => {
    const hidden = new Set(comments.slice(0, hiddenCount).map((comment) => comment.comment_id));
    return timeline.items.filter((item) => item.kind !== 'comment' || !hidden.has(item.comment_id));
  }, [timeline.items, comments, hiddenCount]);

  return (
    <Stack gap="xs">
      {comments.length > INITIAL_VISIBLE_COMMENTS ? (
        <Button
          variant="subtle"
          size="compact-sm"
          className={classes.moreComments}
          onClick={() => setExpanded((value) => !value)}
          aria-expanded={expanded}
        >
          {expanded
            ? t('task-detail.showFewerComments')
            : t('task-detail.showMoreComments', { count: hiddenCount })}
        </Button>
      ) : null}
      <ol className={classes.timeline} aria-label={t('task-detail.commentsAndChanges')}>
        {visible.map((item) => (
          <li key={item.kind === 'comment' ? item.comment_id : item.log_id}>
            {item.kind === 'comment' ? (
              <CommentCard comment={item} now={now} />
            ) : (
              <LogLine log={item} names={timeline.names} statusNames={statusNames} now={now} />
            )}
          </li>
        ))}
      </ol>
    </Stack>
  );
}
