import {
  CSV_FIELDS,
  CSV_PREVIEW_ROWS,
  type CsvAnalysis,
  type CsvColumn,
  type CsvField,
  type ImportProblem,
} from '@figgle/shared/import-schemas';
import { MILESTONE_NAME_MAX } from '@figgle/shared/milestone-schemas';
import {
  isCalendarDay,
  isDueInstant,
  LABEL_NAME_MAX,
  MAX_LABELS_PER_TASK,
  TASK_PRIORITIES,
} from '@figgle/shared/planning-schemas';
import { TASK_TITLE_MAX } from '@figgle/shared/task-schemas';
import Papa, { type Parser } from 'papaparse';
import type { LabelColor, TaskPriority, TaskStatus } from '../../../db/schema.ts';
import {
  cleanLine,
  type ImportLabel,
  type ImportPlan,
  type ImportTask,
  importedDescription,
  textDelta,
} from '../import-item.ts';

interface CsvTable {
  columns: string[];
  /** The first rows after the header, for the preview. */
  preview: string[][];
  /** How many rows follow the header. */
  rows: number;
}

/** Rows handed out between two pauses of the parser: the table is never held whole. */
const ROWS_PER_PAUSE = 500;

/** The text as papaparse reads it: no byte order mark, one kind of line ending. */
function normalizedCsv(text: string): string {
  return text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
}

class CsvQuotingError extends Error {}

/**
 * The file's records one after the other, header first, parsed as they are asked for: papaparse is
 * paused every few hundred rows, so a file of 50,000 rows is never in memory as 50,000 arrays. The
 * delimiter (comma, semicolon, tab) is found by papaparse. Wrong quoting throws CsvQuotingError
 * naming the row (the header is row 1).
 */
function* csvRecords(normalized: string): Generator<string[]> {
  const queue: string[][] = [];
  let parser: Parser | undefined;
  let finished = false;
  let read = 0;
  let quoting: string | null = null;
  Papa.parse<string[]>(normalized, {
    skipEmptyLines: 'greedy',
    newline: '\n',
    step(result, handle) {
      parser = handle;
      read += 1;
      const error = result.errors.find((found) => found.type === 'Quotes');
      if (error && quoting === null) {
        quoting = `The CSV file has wrong quoting on row ${read}: ${error.message}. Fix the quotes and import it again.`;
        handle.abort();
        return;
      }
      queue.push(result.data);
      if (queue.length >= ROWS_PER_PAUSE) handle.pause();
    },
    complete() {
      finished = true;
    },
  });
  for (;;) {
    for (const record of queue) yield record;
    queue.length = 0;
    if (quoting !== null) throw new CsvQuotingError(quoting);
    if (finished || !parser) return;
    parser.resume();
  }
}

/**
 * The file as a table's header, first rows and row count, read in one streaming pass. Windows, old
 * Mac and Unix line endings may mix. Wrong quoting is an error naming the row.
 */
export function readCsv(text: string): { table: CsvTable } | { error: string } {
  let header: string[] | undefined;
  const preview: string[][] = [];
  let rows = 0;
  try {
    for (const record of csvRecords(normalizedCsv(text))) {
      if (!header) {
        header = record;
        continue;
      }
      if (preview.length < CSV_PREVIEW_ROWS) preview.push(record);
      rows += 1;
    }
  } catch (error) {
    if (error instanceof CsvQuotingError) return { error: error.message };
    throw error;
  }
  if (!header || header.every((cell) => !cell.trim()))
    return { error: 'The CSV file is empty: it needs a header row.' };
  if (rows === 0) return { error: 'The CSV file has a header but no rows to import.' };
  return {
    table: {
      columns: header.map((cell, index) => cleanLine(cell, 100) || `Column ${index + 1}`),
      preview,
      rows,
    },
  };
}

const HEADER_WORDS: Array<[RegExp, CsvField]> = [
  [/^(title|name|summary|task|subject|card)( name)?$/i, 'title'],
  [/^(description|desc|details|notes?|body)$/i, 'description'],
  [/^(status|state|list|column|stage)$/i, 'status'],
  [/^(assignee|assigned( to)?|owner|email|assignee e-?mail)$/i, 'assignee'],
  [/^(due|due ?date|deadline|due on|due at)$/i, 'due_date'],
  [/^(priority|prio|importance)$/i, 'priority'],
  [/^(labels?|tags?)$/i, 'labels'],
  [/^milestone( name)?$/i, 'milestone'],
  [/^(cycle|sprint|iteration)$/i, 'cycle'],
];

/** Each column's field by its header; a header nobody knows maps to nothing, and each field to one column. */
function suggestColumns(columns: string[]): Array<CsvField | null> {
  const taken = new Set<CsvField>();
  return columns.map((column) => {
    const field = HEADER_WORDS.find(([pattern]) => pattern.test(column.trim()))?.[1] ?? null;
    if (!field || taken.has(field)) return null;
    taken.add(field);
    return field;
  });
}

export function analyseCsv(table: CsvTable): CsvAnalysis {
  const suggested = suggestColumns(table.columns);
  // Without a recognised title, the first column is the likeliest.
  if (!suggested.includes('title') && suggested[0] === null) suggested[0] = 'title';
  return {
    format: 'csv',
    columns: table.columns,
    preview: table.preview.map((row) => table.columns.map((_, index) => cleanLine(row[index] ?? '', 200))),
    rows: table.rows,
    suggested_columns: suggested,
  };
}

const STATUS_WORDS: Array<[RegExp, TaskStatus]> = [
  [/^(to ?do|todo|open|new|backlog|not started)$/i, 'TODO'],
  [/^(doing|in progress|in-progress|started|wip|active|in review)$/i, 'DOING'],
  [/^(done|closed|complete|completed|finished|resolved)$/i, 'DONE'],
  [/^(archive|archived)$/i, 'ARCHIVE'],
];

const PALETTE: LabelColor[] = [
  'blue',
  'green',
  'orange',
  'violet',
  'teal',
  'pink',
  'yellow',
  'red',
  'cyan',
  'grape',
  'lime',
  'indigo',
];

function readDue(value: string): { dueOn: string | null; dueAt: string | null } | null {
  if (isCalendarDay(value)) return { dueOn: value, dueAt: null };
  if (isDueInstant(value)) return { dueOn: null, dueAt: value };
  return null;
}

type CsvRow = { task: ImportTask } | { skipped: ImportProblem };

/**
 * One row as a task with the confirmed columns: a row without a title is left out; a value that
 * cannot be read (a status, a date, a priority) is left empty and told, the task still comes in.
 * Assignees are matched with the organization when written (write-batch.ts).
 */
function csvRow(
  cells: string[],
  position: number,
  width: number,
  index: Record<CsvField, number>,
  custom: ReadonlyArray<{ fieldId: string; index: number }> = [],
): CsvRow {
  const cell = (field: CsvField) => (index[field] < 0 ? '' : (cells[index[field]] ?? '').trim());
  // Row 1 is the header.
  const row = `Row ${position + 2}`;
  if (cells.length > width && cells.slice(width).some((extra) => extra.trim())) {
    return {
      skipped: {
        row,
        reason: `It has ${cells.length} cells where the header has ${width}: check its quotes and commas.`,
        imported: false,
      },
    };
  }
  const title = cleanLine(cell('title'), TASK_TITLE_MAX);
  if (!title) return { skipped: { row, reason: 'It has no title.', imported: false } };
  const problems: ImportProblem[] = [];
  const statusText = cell('status');
  let status: TaskStatus = 'TODO';
  if (statusText) {
    const found = STATUS_WORDS.find(([pattern]) => pattern.test(statusText))?.[1];
    if (found) status = found;
    else
      problems.push({
        row,
        reason: `The status “${cleanLine(statusText, 40)}” is not To Do, Doing, Done or Archive: it is in To Do.`,
        imported: true,
      });
  }
  const priorityText = cell('priority').toUpperCase();
  let priority: TaskPriority = 'NONE';
  if (priorityText) {
    if ((TASK_PRIORITIES as readonly string[]).includes(priorityText))
      priority = priorityText as TaskPriority;
    else
      problems.push({
        row,
        reason: `The priority “${cleanLine(priorityText, 40)}” is not Urgent, High, Medium, Low or None.`,
        imported: true,
      });
  }
  const dueText = cell('due_date');
  let due: { dueOn: string | null; dueAt: string | null } = { dueOn: null, dueAt: null };
  if (dueText) {
    const read = readDue(dueText);
    if (read) due = read;
    else
      problems.push({
        row,
        reason: `The due date “${cleanLine(dueText, 40)}” is not a day (YYYY-MM-DD) or a time (ISO 8601).`,
        imported: true,
      });
  }
  const milestoneName = cleanLine(cell('milestone'), MILESTONE_NAME_MAX);
  const cycleText = cell('cycle');
  // "Cycle 3", "Cycle 3 · Launch" (as the CSV export writes it), "Sprint 3" or "3".
  const cycleNumber = /^(?:[a-z]+\s*)?(\d{1,9})(?:\s|·|$)/i.exec(cycleText)?.[1];
  if (cycleText && !cycleNumber)
    problems.push({
      row,
      reason: `The cycle “${cleanLine(cycleText, 40)}” has no number (such as “Cycle 3”): the task is in none.`,
      imported: true,
    });
  const description = importedDescription(cell('description'), row, problems);
  const names = [
    ...new Set(
      cell('labels')
        .split(/[,;|]/)
        .map((name) => cleanLine(name, LABEL_NAME_MAX))
        .filter(Boolean),
    ),
  ];
  if (names.length > MAX_LABELS_PER_TASK)
    problems.push({
      row,
      reason: `Only its first ${MAX_LABELS_PER_TASK} labels were kept.`,
      imported: true,
    });
  return {
    task: {
      row,
      title,
      status,
      description: textDelta(description),
      ...due,
      priority,
      assigneeEmail: cell('assignee').toLowerCase() || null,
      labels: names.slice(0, MAX_LABELS_PER_TASK),
      checklist: [],
      comments: [],
      problems,
      ...(milestoneName ? { milestoneName } : {}),
      ...(cycleNumber ? { cycleNumber: Number(cycleNumber) } : {}),
      ...(custom.length > 0
        ? {
            customTexts: custom
              .map(({ fieldId, index: at }) => ({ fieldId, text: cleanLine(cells[at] ?? '', 2000) }))
              .filter((entry) => entry.text !== ''),
          }
        : {}),
    },
  };
}

/** Each row after the header, read as a task or left out, one at a time. */
function* csvRows(text: string, columns: Array<CsvColumn | null>): Generator<CsvRow> {
  const index = Object.fromEntries(CSV_FIELDS.map((field) => [field, columns.indexOf(field)])) as Record<
    CsvField,
    number
  >;
  const custom = columns.flatMap((column, at) =>
    column?.startsWith('field:') ? [{ fieldId: column.slice('field:'.length), index: at }] : [],
  );
  let width = -1;
  let position = 0;
  for (const cells of csvRecords(normalizedCsv(text))) {
    if (width < 0) {
      width = cells.length;
      continue;
    }
    yield csvRow(cells, position, width, index, custom);
    position += 1;
  }
}

/**
 * The rows as tasks with the confirmed columns. A first pass counts the tasks, finds the labels and
 * the rows left out; the tasks themselves are read again, a batch at a time, as the import writes
 * them (never all 50,000 at once), in the same order every time: a restarted import skips the ones
 * already written.
 */
export function planCsv(text: string, columns: Array<CsvColumn | null>): ImportPlan {
  const labels = new Map<string, ImportLabel>();
  const skipped: ImportProblem[] = [];
  let taskCount = 0;
  for (const read of csvRows(text, columns)) {
    if ('skipped' in read) {
      skipped.push(read.skipped);
      continue;
    }
    taskCount += 1;
    for (const name of read.task.labels) {
      const key = name.toLowerCase();
      if (!labels.has(key)) labels.set(key, { name, color: PALETTE[labels.size % PALETTE.length]! });
    }
  }
  return {
    taskCount,
    tasks: {
      *[Symbol.iterator]() {
        for (const read of csvRows(text, columns)) if ('task' in read) yield read.task;
      },
    },
    labels: [...labels.values()],
    skipped,
  };
}
