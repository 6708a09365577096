import type { ImportView } from '@figgle/shared/import-schemas';
import { Alert, Button, Group, Progress, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { t } from '../../../lib/i18n/i18n';
import { paths } from '../../../shared/paths';

interface ImportProgressProps {
  run: ImportView;
  onAnother: () => void;
}

function percent(run: ImportView): number {
  if (run.state === 'done') return 100;
  if (run.progress.total === 0) return 0;
  return Math.round((run.progress.done / run.progress.total) * 100);
}

function Problems({ run }: { run: ImportView }) {
  if (run.problems_total === 0) return null;
  return (
    <Stack gap="xs">
      <Text fw={600}>{t('projects.rowsNeedALook', { count: run.problems_total })}</Text>
      {run.problems_total > run.problems.length ? (
        <Text size="sm" c="dimmed">
          {t('projects.firstListed', { count: run.problems.length })}
        </Text>
      ) : null}
      <Table withTableBorder striped aria-label={t('projects.problemsTable')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('projects.where')}</Table.Th>
            <Table.Th>{t('projects.why')}</Table.Th>
            <Table.Th>{t('projects.imported')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {run.problems.map((problem, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a row can be listed more than once, for several reasons
            <Table.Tr key={index}>
              <Table.Td>{problem.row}</Table.Td>
              <Table.Td>{problem.reason}</Table.Td>
              <Table.Td>{problem.imported ? t('projects.yesWithoutIt') : t('projects.no')}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

/** Steps 3 and 4: the job's progress while it runs (it goes on if this page is left), then what came in. */
export function ImportProgress({ run, onAnother }: ImportProgressProps) {
  const working = run.state === 'queued' || run.state === 'running';
  return (
    <Stack gap="lg" maw={760}>
      <Stack gap={6}>
        <Progress
          value={percent(run)}
          animated={working}
          size="lg"
          aria-label={t('projects.importProgress')}
          color={run.state === 'failed' ? 'red' : undefined}
        />
        <Text size="sm" aria-live="polite">
          {working
            ? t('projects.progressWorking', { done: run.progress.done, total: run.progress.total || '…' })
            : run.state === 'done'
              ? t('projects.importFinished')
              : t('projects.importStopped')}
        </Text>
      </Stack>
      {run.state === 'failed' ? (
        <Alert color="red" title={t('projects.importStoppedTitle')} role="alert">
          {run.error ?? t('projects.importStopped')}{' '}
          {t('projects.importedSoFar', { done: run.progress.done, total: run.progress.total })}
        </Alert>
      ) : null}
      {run.state === 'done' ? (
        <Text>
          {t('projects.importedSummary', {
            tasks: run.imported.tasks,
            comments: run.imported.comments,
            checklistItems: run.imported.checklist_items,
            labels: run.imported.labels,
          })}
        </Text>
      ) : null}
      <Problems run={run} />
      {!working && run.project_id ? (
        <Group>
          <Button component={Link} to={paths.projectKanban(run.project_id)}>
            {t('projects.openBoard')}
          </Button>
          <Button variant="default" onClick={onAnother}>
            {t('projects.importAnotherFile')}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
