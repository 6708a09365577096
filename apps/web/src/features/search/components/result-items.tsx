import type { CommentHit, ProjectHit, TaskHit } from '@figgle/shared/search-schemas';
import { Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { t, tRich } from '../../../lib/i18n/i18n';
import { relativeTime } from '../../../lib/relative-time';
import { paths } from '../../../shared/paths';
import { shownStatusName } from '../../../shared/status-name';
import { DueMark } from '../../../ui/planning/due-mark';
import { ProjectEmoji } from '../../../ui/project-emoji';
import { MarkedText } from './marked-text';
import classes from './search.module.css';

const personName = (person: { firstname: string; lastname: string } | null, nobody: string) =>
  person ? `${person.firstname} ${person.lastname}`.trim() || t('search.unnamedMember') : nobody;

/** A task found: reference and title, the matching words of its description, where it stands. */
export function TaskResult({ hit }: { hit: TaskHit }) {
  return (
    <Link to={paths.task(hit.task_id)} className={classes.result}>
      <Group gap="xs" wrap="nowrap">
        <Text size="xs" c="dimmed" ff="monospace" style={{ flexShrink: 0 }}>
          {hit.reference}
        </Text>
        <Text fw={500} truncate>
          <MarkedText value={hit.title} />
        </Text>
      </Group>
      {hit.snippet ? (
        <Text size="sm" c="dimmed" lineClamp={2} className={classes.snippet}>
          <MarkedText value={hit.snippet} />
        </Text>
      ) : null}
      <Text size="xs" c="dimmed" mt={4}>
        {hit.project_name} · {shownStatusName(hit.status, hit.status_name)} ·{' '}
        {personName(hit.assignee, t('search.nobody'))} ·{' '}
        {t('search.updatedWhen', { when: relativeTime(hit.updated_at) })}
      </Text>
      <DueMark due={hit} finished={hit.status_category === 'done' || hit.status_category === 'canceled'} />
    </Link>
  );
}

/** A comment found: its matching words in context, the task it belongs to, who wrote it and when. */
export function CommentResult({ hit }: { hit: CommentHit }) {
  return (
    <Link to={paths.task(hit.task_id)} className={classes.result}>
      <Text size="sm" lineClamp={3} className={classes.snippet}>
        <MarkedText value={hit.snippet} />
      </Text>
      <Text size="xs" c="dimmed" mt={4}>
        {tRich('search.commentOn', {
          reference: hit.task_reference,
          title: hit.task_title,
          ref: (chunks) => (
            <Text key="reference" span inherit ff="monospace">
              {chunks}
            </Text>
          ),
        })}{' '}
        · {personName(hit.author, 'Figma')} · {relativeTime(hit.created_at)}
      </Text>
    </Link>
  );
}

/** A project found: its name, trigram and organization. */
export function ProjectResult({ hit, to }: { hit: ProjectHit; to: string }) {
  return (
    <Link to={to} className={classes.result}>
      <Group gap="sm" wrap="nowrap">
        <ProjectEmoji emoji={hit.emoji} size="sm" />
        <div style={{ minWidth: 0 }}>
          <Text fw={500} truncate>
            <MarkedText value={hit.name} />{' '}
            <Text span size="xs" c="dimmed" ff="monospace">
              {hit.code}
            </Text>
          </Text>
          <Text size="xs" c="dimmed">
            {hit.organization_name}
          </Text>
        </div>
      </Group>
    </Link>
  );
}
