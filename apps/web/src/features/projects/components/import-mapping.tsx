import {
  CSV_FIELDS,
  type CsvAnalysis,
  type CsvColumn,
  type CsvField,
  type ImportView,
  type StartImportInput,
  type TrelloAnalysis,
} from '@figgle/shared/import-schemas';
import { defaultStatusLabel, type TaskStatus } from '@figgle/shared/status';
import { STATUS_CATEGORIES } from '@figgle/shared/status-categories';
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
import { intlLocale, t, tRich } from '../../../lib/i18n/i18n';
import { useProjectCustomFields } from '../../../shared/api/list-project-custom-fields';
import {
  DEFAULT_STATUS_CHOICES,
  type StatusChoice,
  statusChoiceOf,
  useProjectStatuses,
} from '../../../shared/api/list-project-statuses';
import { useStartImport } from '../api/start-import';

interface ImportMappingProps {
  run: ImportView;
  onCancel: () => void;
}

function formatName(format: ImportView['format']): string {
  if (format === 'trello') return t('projects.formatTrello');
  if (format === 'csv') return t('projects.formatCsv');
  return t('projects.formatFiggle');
}

function statusLabel(status: TaskStatus): string {
  if (status === 'TODO') return t('projects.statusTodo');
  if (status === 'DOING') return t('projects.statusDoing');
  if (status === 'DONE') return t('projects.statusDone');
  if (status === 'ARCHIVE') return t('projects.statusArchive');
  return status;
}

function csvFieldName(field: CsvField): string {
  const names: Record<CsvField, string> = {
    title: t('projects.csvFieldTitle'),
    description: t('projects.csvFieldDescription'),
    status: t('projects.csvFieldStatus'),
    assignee: t('projects.csvFieldAssignee'),
    due_date: t('projects.csvFieldDueDate'),
    priority: t('projects.csvFieldPriority'),
    labels: t('projects.csvFieldLabels'),
    milestone: t('projects.csvFieldMilestone'),
    cycle: t('projects.csvFieldCycle'),
  };
  return names[field];
}

function TrelloLists({
  analysis,
  lists,
  statuses,
  onChange,
}: {
  analysis: TrelloAnalysis;
  lists: Record<string, TaskStatus>;
  /** The statuses of the project the cards go to (docs/product.md#statuses). */
  statuses: readonly StatusChoice[];
  onChange: (listId: string, status: TaskStatus) => void;
}) {
  return (
    <Stack gap="xs">
      <Text fw={600}>{t('projects.whereEachListGoes')}</Text>
      <Text size="sm" c="dimmed">
        {t('projects.trelloSummary', {
          cards: analysis.cards,
          comments: analysis.comments,
          checklistItems: analysis.checklist_items,
          labels: analysis.labels,
        })}
      </Text>
      {analysis.lists.map((list) => (
        <NativeSelect
          key={list.list_id}
          label={t('projects.listWithCards', { name: list.name, count: list.cards })}
          aria-label={t('projects.statusForList', { name: list.name })}
          value={lists[list.list_id]}
          onChange={(event) => onChange(list.list_id, event.currentTarget.value as TaskStatus)}
          data={statusGroups(statuses)}
          maw={360}
        />
      ))}
    </Stack>
  );
}

/**
 * The project's statuses by name, grouped under their categories (Backlog … Canceled), each group in
 * the board's order: "In review" shows as a Started status.
 */
function statusGroups(statuses: readonly StatusChoice[]) {
  return STATUS_CATEGORIES.flatMap((category) => {
    const items = statuses
      .filter((status) => status.category === category)
      .map((status) => ({
        value: status.key,
        // One of the four first statuses under its first name reads in the person's language.
        label: status.name === defaultStatusLabel(status.key) ? statusLabel(status.key) : status.name,
      }));
    return items.length === 0 ? [] : [{ group: t('workflow.statusCategory', { category }), items }];
  });
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
      <Text fw={600}>{t('projects.columns')}</Text>
      <Text size="sm" c="dimmed">
        {t('projects.csvSummary', { rows: analysis.rows })}
      </Text>
      <ScrollArea type="auto">
        <Table withTableBorder withColumnBorders striped aria-label={t('projects.firstRows')}>
          <Table.Thead>
            <Table.Tr>
              {analysis.columns.map((column, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: two columns may share a header; the place is the column
                <Table.Th key={`${column}-${index}`} miw={150}>
                  <NativeSelect
                    label={column}
                    aria-label={t('projects.columnNamed', { name: column })}
                    value={columns[index] ?? ''}
                    onChange={(event) =>
                      onChange(index, (event.currentTarget.value || null) as CsvColumn | null)
                    }
                    data={[
                      { value: '', label: t('projects.leaveOut') },
                      ...CSV_FIELDS.map((field) => ({ value: field, label: csvFieldName(field) })),
                      ...(customFields.data?.fields ?? []).map((field) => ({
                        value: `field:${field.field_id}`,
                        label: t('projects.customFieldOption', { name: field.name }),
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

/**
 * Each list's status among the project's: a suggested key the project no longer has (Doing removed)
 * takes the project's first status of that key's category, else its first status.
 */
function listsIn(
  lists: Record<string, TaskStatus>,
  statuses: readonly StatusChoice[],
): Record<string, TaskStatus> {
  const keys = new Set(statuses.map((status) => status.key));
  return Object.fromEntries(
    Object.entries(lists).map(([listId, key]) => {
      if (keys.has(key) || statuses.length === 0) return [listId, key];
      const { category } = statusChoiceOf(DEFAULT_STATUS_CHOICES, key);
      return [listId, (statuses.find((status) => status.category === category) ?? statuses[0]!).key];
    }),
  );
}

function suggestedName(run: ImportView): string {
  if (run.analysis.format === 'trello' && run.analysis.board_name) return run.analysis.board_name;
  if (run.analysis.format === 'figgle' && run.analysis.project_name) return run.analysis.project_name;
  return run.file_name.replace(/\.[^.]+$/, '').slice(0, 100);
}

/** Step 2: the mapping Figgle suggests, which the person changes or confirms. */
export function ImportMapping({ run, onCancel }: ImportMappingProps) {
  const startImport = useStartImport();
  const [chosenLists, setLists] = useState(() => initialLists(run));
  // Into a project: its own statuses (a new project's are the four first ones), read before it starts.
  const projectStatuses = useProjectStatuses(run.project_id ?? undefined);
  const statuses = projectStatuses.data ?? DEFAULT_STATUS_CHOICES;
  const statusesKnown = run.project_id === null || projectStatuses.data !== undefined;
  const lists = listsIn(chosenLists, statuses);
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
        ? t('projects.chooseOneTitleColumn')
        : new Set(columns.filter(Boolean)).size !== columns.filter(Boolean).length
          ? t('projects.oneColumnPerField')
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
          {tRich('projects.fileIsFormat', {
            file: run.file_name,
            format: formatName(run.format),
            strong: (chunks) => (
              <Text span fw={600}>
                {chunks}
              </Text>
            ),
          })}
        </Text>
        {run.project_id === null ? (
          <TextInput
            label={t('projects.newProjectName')}
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
            statuses={statuses}
            onChange={(listId, status) => setLists((current) => ({ ...current, [listId]: status }))}
          />
        ) : null}
        {run.analysis.format === 'trello' && run.analysis.checklist_items > 0 ? (
          <Checkbox
            label={t('projects.checklistsAsSubtasks')}
            description={t('projects.checklistsAsSubtasksHint')}
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
          <Alert color="yellow" title={t('projects.importedBefore')}>
            <Stack gap="xs">
              <Text size="sm">
                {run.duplicate_of.project_name
                  ? t('projects.importedBeforeInto', {
                      project: run.duplicate_of.project_name,
                      date: new Date(run.duplicate_of.created_at).toLocaleString(intlLocale()),
                    })
                  : t('projects.importedBeforeOn', {
                      date: new Date(run.duplicate_of.created_at).toLocaleString(intlLocale()),
                    })}
              </Text>
              <Checkbox
                label={t('projects.importAgainAnyway')}
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
          <Alert color="red" title={t('projects.importDidNotStart')} role="alert">
            {startImport.error.message}
          </Alert>
        ) : null}
        <Group>
          <Button
            type="submit"
            loading={startImport.isPending}
            disabled={
              csvProblem !== null ||
              !statusesKnown ||
              (run.duplicate_of !== null && !again) ||
              (!run.project_id && !projectName.trim())
            }
          >
            {t('projects.import')}
          </Button>
          <Button variant="default" onClick={onCancel}>
            {t('projects.chooseAnotherFile')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
