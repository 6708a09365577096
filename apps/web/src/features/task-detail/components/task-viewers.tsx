import { Avatar, Group, Text, Tooltip } from '@mantine/core';
import { t } from '../../../lib/i18n/i18n';
import type { OnlinePerson } from '../../../lib/realtime/use-presence';
import { UserAvatar } from '../../../ui/user-avatar';
import { useTaskViewers } from '../hooks/use-task-viewers';
import classes from './task-detail.module.css';

/** Beyond this many faces the rest fold into one "+N" mark, so the row never crowds the breadcrumb. */
const MAX_FACES = 4;
const AVATAR_SIZE = 28;

const fullName = (person: OnlinePerson) =>
  [person.firstname, person.lastname].filter(Boolean).join(' ') || t('task-detail.aMember');

/** Who else has this task open right now (realtime presence); nothing at all when the user is alone. */
export function TaskViewers({ taskId }: { taskId: string }) {
  const viewers = useTaskViewers(taskId);
  if (viewers.length === 0) return null;
  const faces = viewers.length > MAX_FACES ? viewers.slice(0, MAX_FACES - 1) : viewers;
  const folded = viewers.slice(faces.length);
  const foldedNames = folded.map(fullName).join(', ');

  return (
    <Group gap={8} wrap="nowrap" style={{ flexShrink: 0 }}>
      {/* The list carries its own name; these are the same words for the eye. */}
      <Text size="xs" c="dimmed" visibleFrom="xs" aria-hidden>
        {t('task-detail.alsoViewing')}
      </Text>
      <ul className={classes.viewers} aria-label={t('task-detail.alsoViewingTask')}>
        {faces.map((person) => (
          <Tooltip key={person.userId} label={fullName(person)} withArrow>
            <li>
              <UserAvatar
                id={person.userId}
                firstname={person.firstname}
                lastname={person.lastname}
                size={AVATAR_SIZE}
                labelled
              />
            </li>
          </Tooltip>
        ))}
        {folded.length > 0 ? (
          <Tooltip label={foldedNames} withArrow multiline maw={240}>
            <li>
              <Avatar
                size={AVATAR_SIZE}
                radius="xl"
                role="img"
                aria-label={t('task-detail.moreViewers', { count: folded.length, names: foldedNames })}
              >
                +{folded.length}
              </Avatar>
            </li>
          </Tooltip>
        ) : null}
      </ul>
    </Group>
  );
}
