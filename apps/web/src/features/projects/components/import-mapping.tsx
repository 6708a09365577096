import {
  CSV_FIELD_NAMES,
  CSV_FIELDS,
  type CsvAnalysis,
  type CsvColumn,
  type ImportView,
  type StartImportInput,
  type TrelloAnalysis,
} from '@figgle/shared/import-schemas';
import { STATUS_LABELS, TASK_STATUSES, type TaskStatus } from '@figgle/shared/status';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  NativeSelect,
  ScrollArea,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useProjectCustomFields } from '../../../shared/api/list-project-custom-fields';
import { useStartImport } from '../api/start-import';

interface ImportMappingProps {
  run: ImportView;
  onCancel: () => void;
}

const FORMAT_NAMES = { trello: 'Trello board export', csv: 'CSV file', figgle: 'Figgle export' } as const;

function TrelloLists({
  analysis,
  lists,
  onChange,
}: {
  analysis: TrelloAnalysis;
  lists: Record<string, TaskStatus>;
  onChange: (listId: string, status: TaskStatus) => void;
}) {
  return (
    <Stack gap="xs">
      <Text fw={600}>Where each list goes</Text>
      <Text size="sm" c="dimmed">
        {analysis.cards} cards, {analysis.comments} comments, {analysis.checklist_items} checklist items and{' '}
        {analysis.labels} labels. Archived cards go to Archive whatever their list.
      </Text>
      {analysis.lists.map((list) => (
        <NativeSelect
          key={list.list_id}
          label={`${list.name} (${list.cards} cards)`}
          aria-label={`Status for the list ${list.name}`}
          value={lists[list.list_id]}
          onChange={(event) => onChange(list.list_id, event.currentTarget.value as TaskStatus)}
          data={TASK_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] }))}
          maw={360}
        />
      ))}
    </Stack>
  );
}

function CsvColumns({
  analysis,
  columns,
  onChange,
  projectId,
}: {
  analysis: CsvAnalysis;
  columns: Array<CsvColumn | null>;
  onChange: (index: number, field: CsvColumn | null) => void;
  /** Importing into a project: its custom fields are offered too (docs/product.md#custom-fields). */
  projectId: string | null;
}) {
  const customFields = useProjectCustomFields(projectId);
  return (
    <Stack gap="xs">
      <Text fw={600}>Columns</Text>
      <Text size="sm" c="dimmed">
        {analysis.rows} rows. Choose what each column fills; a column left out is not imported. Assignees are
        matched by email with the organization's members.
      </Text>
      <ScrollArea type="auto">
        <Table withTableBorder withColumnBorders striped aria-label="First rows of the file">
          <Table.Thead>
            <Table.Tr>
              {analysis.columns.map((column, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: two columns may share a header; the place is the column
                <Table.Th key={`${column}-${index}`} miw={150}>
                  <NativeSelect
                    label={column}
                    aria-label={`Column ${column}`}
                    value={columns[index] ?? ''}
                    onChange={(event) =>
                      onChange(index, (event.currentTarget.value || null) as CsvColumn | null)
                    }
                    data={[
                      { value: '', label: 'Leave out' },
                      ...CSV_FIELDS.map((field) => ({ value: field, label: CSV_FIELD_NAMES[field] })),
                      ...(customFields.data?.fields ?? []).map((field) => ({
                        value: `field:${field.field_id}`,
                        label: `${field.name} (custom field)`,
                      })),
                    ]}
                    size="xs"
                  />
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {analysis.preview.map((row, rowIndex) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: preview rows have no identity but their place
              <Table.Tr key={rowIndex}>
                {row.map((cell, cellIndex) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: cells have no identity but their place
                  <Table.Td key={cellIndex}>
                    <Text size="sm" lineClamp={2}>
                      {cell}
                    </Text>
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
    </Stack>
  );
}

function initialLists(run: ImportView): Record<string, TaskStatus> {
  if (run.analysis.format !== 'trello') return {};
  return Object.fromEntries(run.analysis.lists.map((list) => [list.list_id, list.suggested_status]));
}

function suggestedName(run: ImportView): string {
  if (run.analysis.format === 'trello' && run.analysis.board_name) return run.analysis.board_name;
  if (run.analysis.format === 'figgle' && run.analysis.project_name) return run.analysis.project_name;
  return run.file_name.replace(/\.[^.]+$/, '').slice(0, 100);
}

/** Step 2: the mapping Figgle suggests, which the person changes or confirms. */
export function ImportMapping({ run, onCancel }: ImportMappingProps) {
  const startImport = useStartImport();
  const [lists, setLists] = useState(() => initialLists(run));
  const [columns, setColumns] = useState<Array<CsvColumn | null>>(() =>
    run.analysis.format === 'csv' ? run.analysis.suggested_columns : [],
  );
  const [projectName, setProjectName] = useState(() => suggestedName(run));
  const [again, setAgain] = useState(false);
  const [checklistsAsSubtasks, setChecklistsAsSubtasks] = useState(false);
  const titleColumns = columns.filter((field) => field === 'title').length;
  const csvProblem =
    run.analysis.format !== 'csv'
      ? null
      : titleColumns !== 1
        ? 'Choose one column for the title.'
        : new Set(columns.filter(Boolean)).size !== columns.filter(Boolean).length
          ? 'Each field can come from one column only.'
          : null;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input: StartImportInput = {
      allow_duplicate: again,
      ...(run.project_id ? {} : { project_name: projectName }),
      ...(run.analysis.format === 'trello'
        ? { trello_lists: lists, trello_checklists_as_subtasks: checklistsAsSubtasks }
        : {}),
      ...(run.analysis.format === 'csv' ? { csv_columns: columns } : {}),
    };
    startImport.mutate({ importId: run.import_id, input });
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <Text>
          <Text span fw={600}>
            {run.file_name}
          </Text>{' '}
          is a {FORMAT_NAMES[run.format]}.
        </Text>
        {run.project_id === null ? (
          <TextInput
            label="Name of the new project"
            value={projectName}
            onChange={(event) => setProjectName(event.currentTarget.value)}
            required
            maw={420}
          />
        ) : null}
        {run.analysis.format === 'trello' ? (
          <TrelloLists
            analysis={run.analysis}
            lists={lists}
            onChange={(listId, status) => setLists((current) => ({ ...current, [listId]: status }))}
          />
        ) : null}
        {run.analysis.format === 'trello' && run.analysis.checklist_items > 0 ? (
          <Checkbox
            label="Turn Trello checklists into sub-tasks"
            description="Each checklist item becomes a task under its card's task; ticked items are Done."
            checked={checklistsAsSubtasks}
            onChange={(event) => setChecklistsAsSubtasks(event.currentTarget.checked)}
          />
        ) : null}
        {run.analysis.format === 'csv' ? (
          <CsvColumns
            analysis={run.analysis}
            projectId={run.project_id}
            columns={columns}
            onChange={(index, field) =>
              setColumns((current) => current.map((value, at) => (at === index ? field : value)))
            }
          />
        ) : null}
        {run.duplicate_of ? (
          <Alert color="yellow" title="This file was imported before">
            <Stack gap="xs">
              <Text size="sm">
                The same file was imported
                {run.duplicate_of.project_name ? ` into “${run.duplicate_of.project_name}”` : ''} on{' '}
                {new Date(run.duplicate_of.created_at).toLocaleString()}. Importing it again creates its tasks
                a second time.
              </Text>
              <Checkbox
                label="Import it again anyway"
                checked={again}
                onChange={(event) => setAgain(event.currentTarget.checked)}
              />
            </Stack>
          </Alert>
        ) : null}
        {csvProblem ? (
          <Text c="red" size="sm" role="alert">
            {csvProblem}
          </Text>
        ) : null}
        {startImport.isError ? (
          <Alert color="red" title="The import did not start" role="alert">
            {startImport.error.message}
          </Alert>
        ) : null}
        <Group>
          <Button
            type="submit"
            loading={startImport.isPending}
            disabled={
              csvProblem !== null ||
              (run.duplicate_of !== null && !again) ||
              (!run.project_id && !projectName.trim())
            }
          >
            Import
          </Button>
          <Button variant="default" onClick={onCancel}>
            Choose another file
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
