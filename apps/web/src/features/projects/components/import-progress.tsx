import type { ImportView } from '@figgle/shared/import-schemas';
import { Alert, Button, Group, Progress, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
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
      <Text fw={600}>
        {run.problems_total === 1 ? '1 row needs a look' : `${run.problems_total} rows need a look`}
      </Text>
      {run.problems_total > run.problems.length ? (
        <Text size="sm" c="dimmed">
          The first {run.problems.length} are listed.
        </Text>
      ) : null}
      <Table withTableBorder striped aria-label="Rows not imported, or imported without a value">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Where</Table.Th>
            <Table.Th>Why</Table.Th>
            <Table.Th>Imported</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {run.problems.map((problem, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a row can be listed more than once, for several reasons
            <Table.Tr key={index}>
              <Table.Td>{problem.row}</Table.Td>
              <Table.Td>{problem.reason}</Table.Td>
              <Table.Td>{problem.imported ? 'Yes, without it' : 'No'}</Table.Td>
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
          aria-label="Import progress"
          color={run.state === 'failed' ? 'red' : undefined}
        />
        <Text size="sm" aria-live="polite">
          {working
            ? `${run.progress.done} of ${run.progress.total || '…'} tasks imported. You can leave this page: the import goes on.`
            : run.state === 'done'
              ? 'Import finished.'
              : 'The import stopped.'}
        </Text>
      </Stack>
      {run.state === 'failed' ? (
        <Alert color="red" title="The import stopped" role="alert">
          {run.error ?? 'The import stopped.'} {run.progress.done} of {run.progress.total} tasks had been
          imported.
        </Alert>
      ) : null}
      {run.state === 'done' ? (
        <Text>
          Imported {run.imported.tasks} tasks, {run.imported.comments} comments,{' '}
          {run.imported.checklist_items} checklist items and {run.imported.labels} new labels.
        </Text>
      ) : null}
      <Problems run={run} />
      {!working && run.project_id ? (
        <Group>
          <Button component={Link} to={paths.projectKanban(run.project_id)}>
            Open the board
          </Button>
          <Button variant="default" onClick={onAnother}>
            Import another file
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
