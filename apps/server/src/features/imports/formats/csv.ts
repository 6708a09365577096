import {
  CSV_FIELDS,
  CSV_PREVIEW_ROWS,
  type CsvAnalysis,
  type CsvField,
  type ImportProblem,
} from '@figgle/shared/import-schemas';
import {
  isCalendarDay,
  isDueInstant,
  LABEL_NAME_MAX,
  MAX_LABELS_PER_TASK,
  TASK_PRIORITIES,
} from '@figgle/shared/planning-schemas';
import { TASK_DESCRIPTION_MAX, TASK_TITLE_MAX } from '@figgle/shared/task-schemas';
import Papa from 'papaparse';
import type { LabelColor, TaskPriority, TaskStatus } from '../../../db/schema.ts';
import {
  cleanLine,
  cleanText,
  type ImportLabel,
  type ImportPlan,
  type ImportTask,
  textDelta,
} from '../import-item.ts';

interface CsvTable {
  columns: string[];
  /** The rows after the header, each as long as the header or longer (extra cells are kept to be told). */
  rows: string[][];
}

/**
 * The file as a table: a byte order mark is dropped, Windows, old Mac and Unix line endings may mix,
 * the delimiter (comma, semicolon, tab) is found by papaparse. Wrong quoting is an error naming the row.
 */
export function readCsv(text: string): { table: CsvTable } | { error: string } {
  const normalized = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const parsed = Papa.parse<string[]>(normalized, { skipEmptyLines: 'greedy', newline: '\n' });
  const quoting = parsed.errors.find((error) => error.type === 'Quotes');
  if (quoting) {
    const row = typeof quoting.row === 'number' ? ` on row ${quoting.row + 1}` : '';
    return {
      error: `The CSV file has wrong quoting${row}: ${quoting.message}. Fix the quotes and import it again.`,
    };
  }
  const [header, ...rows] = parsed.data;
  if (!header || header.every((cell) => !cell.trim()))
    return { error: 'The CSV file is empty: it needs a header row.' };
  if (rows.length === 0) return { error: 'The CSV file has a header but no rows to import.' };
  return {
    table: { columns: header.map((cell, index) => cleanLine(cell, 100) || `Column ${index + 1}`), rows },
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
    preview: table.rows
      .slice(0, CSV_PREVIEW_ROWS)
      .map((row) => table.columns.map((_, index) => cleanLine(row[index] ?? '', 200))),
    rows: table.rows.length,
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

/**
 * The rows as tasks with the confirmed columns: a row without a title is left out; a value that
 * cannot be read (a status, a date, a priority) is left empty and told, the task still comes in.
 * Assignees are matched with the organization when written (write-batch.ts).
 */
export function planCsv(table: CsvTable, columns: Array<CsvField | null>): ImportPlan {
  const at = (field: CsvField) => columns.indexOf(field);
  const index = Object.fromEntries(CSV_FIELDS.map((field) => [field, at(field)])) as Record<CsvField, number>;
  const cell = (row: string[], field: CsvField) => (index[field] < 0 ? '' : (row[index[field]] ?? '').trim());
  const labels = new Map<string, ImportLabel>();
  const tasks: ImportTask[] = [];
  const skipped: ImportProblem[] = [];

  table.rows.forEach((cells, position) => {
    // Row 1 is the header.
    const row = `Row ${position + 2}`;
    if (
      cells.length > table.columns.length &&
      cells.slice(table.columns.length).some((extra) => extra.trim())
    ) {
      skipped.push({
        row,
        reason: `It has ${cells.length} cells where the header has ${table.columns.length}: check its quotes and commas.`,
        imported: false,
      });
      return;
    }
    const title = cleanLine(cell(cells, 'title'), TASK_TITLE_MAX);
    if (!title) {
      skipped.push({ row, reason: 'It has no title.', imported: false });
      return;
    }
    const problems: ImportProblem[] = [];
    const statusText = cell(cells, 'status');
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
    const priorityText = cell(cells, 'priority').toUpperCase();
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
    const dueText = cell(cells, 'due_date');
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
    let description = cleanText(cell(cells, 'description'));
    if (description.length > TASK_DESCRIPTION_MAX) {
      description = description.slice(0, TASK_DESCRIPTION_MAX);
      problems.push({
        row,
        reason: `The description was cut to ${TASK_DESCRIPTION_MAX} characters.`,
        imported: true,
      });
    }
    const names = [
      ...new Set(
        cell(cells, 'labels')
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
    const taskLabels = names.slice(0, MAX_LABELS_PER_TASK);
    for (const name of taskLabels) {
      const key = name.toLowerCase();
      if (!labels.has(key)) labels.set(key, { name, color: PALETTE[labels.size % PALETTE.length]! });
    }
    tasks.push({
      row,
      title,
      status,
      description: textDelta(description),
      ...due,
      priority,
      assigneeEmail: cell(cells, 'assignee').toLowerCase() || null,
      labels: taskLabels,
      checklist: [],
      comments: [],
      problems,
    });
  });
  return { tasks, labels: [...labels.values()], skipped };
}
