import type { CommentHit, PersonHit, ProjectHit, TaskHit } from '@figgle/shared/search-schemas';
import { Text } from '@mantine/core';
import { Spotlight } from '@mantine/spotlight';
import type { ReactNode } from 'react';
import { ProjectEmoji } from '../../../ui/project-emoji';
import { UserAvatar } from '../../../ui/user-avatar';
import { MarkedText } from './marked-text';
import classes from './search.module.css';

/** An entry's line: an icon or reference, the text, and a dimmed note on the right (spans: it sits in a button). */
export function EntryLayout({
  leftSection,
  leftWidth = 28,
  rightSection,
  children,
}: {
  leftSection?: ReactNode;
  leftWidth?: number;
  rightSection?: ReactNode;
  children: ReactNode;
}) {
  return (
    <span className={classes.entry}>
      {leftSection ? (
        <span className={classes.entrySide} style={{ width: leftWidth }}>
          {leftSection}
        </span>
      ) : null}
      <span className={classes.entryBody}>{children}</span>
      {rightSection ? (
        <Text
          span
          size="xs"
          c="dimmed"
          truncate
          maw={160}
          className={classes.entryNote}
          style={{ flexShrink: 0 }}
        >
          {rightSection}
        </Text>
      ) : null}
    </span>
  );
}

export function TaskEntry({ hit, onOpen }: { hit: TaskHit; onOpen: () => void }) {
  return (
    <Spotlight.Action onClick={onOpen}>
      <EntryLayout
        leftSection={
          <Text span size="xs" c="dimmed" ff="monospace">
            {hit.reference}
          </Text>
        }
        leftWidth={64}
        rightSection={hit.project_name}
      >
        <Text span display="block" size="sm" truncate>
          <MarkedText value={hit.title} />
        </Text>
        {hit.snippet ? (
          <Text span display="block" size="xs" c="dimmed" truncate>
            <MarkedText value={hit.snippet} />
          </Text>
        ) : null}
      </EntryLayout>
    </Spotlight.Action>
  );
}

/** A comment found: its task's reference and title, and the comment's matching words in context. */
export function CommentEntry({ hit, onOpen }: { hit: CommentHit; onOpen: () => void }) {
  const author = hit.author ? `${hit.author.firstname} ${hit.author.lastname}`.trim() : 'Figma';
  return (
    <Spotlight.Action onClick={onOpen}>
      <EntryLayout
        leftSection={
          <Text span size="xs" c="dimmed" ff="monospace">
            {hit.task_reference}
          </Text>
        }
        leftWidth={64}
        rightSection={author}
      >
        <Text span display="block" size="sm" truncate>
          {hit.task_title}
        </Text>
        <Text span display="block" size="xs" c="dimmed" truncate>
          <MarkedText value={hit.snippet} />
        </Text>
      </EntryLayout>
    </Spotlight.Action>
  );
}

export function ProjectEntry({ hit, onOpen }: { hit: ProjectHit; onOpen: () => void }) {
  return (
    <Spotlight.Action onClick={onOpen}>
      <EntryLayout
        leftSection={<ProjectEmoji emoji={hit.emoji} size="sm" />}
        rightSection={hit.organization_name}
      >
        <Text span display="block" size="sm" truncate>
          <MarkedText value={hit.name} />{' '}
          <Text span size="xs" c="dimmed" ff="monospace">
            {hit.code}
          </Text>
        </Text>
      </EntryLayout>
    </Spotlight.Action>
  );
}

export function PersonEntry({ hit, onOpen }: { hit: PersonHit; onOpen: () => void }) {
  return (
    <Spotlight.Action onClick={onOpen}>
      <EntryLayout
        leftSection={
          <UserAvatar id={hit.user_id} firstname={hit.firstname} lastname={hit.lastname} size={24} />
        }
        rightSection={hit.email}
      >
        <Text span display="block" size="sm" truncate>
          <MarkedText value={hit.name} />
        </Text>
      </EntryLayout>
    </Spotlight.Action>
  );
}
