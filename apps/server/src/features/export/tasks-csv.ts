import { cycleName } from '@figgle/shared/cycle-words';
import { type DeltaDocument, deltaToPlainText } from '@figgle/shared/delta';
import { PRIORITY_LABELS } from '@figgle/shared/priority';
import { TASK_CSV_COLUMNS } from '@figgle/shared/project-export-schemas';
import { defaultStatusLabel } from '@figgle/shared/status';
import type { Kysely } from 'kysely';
import Papa from 'papaparse';
import type { Database } from '../../db/schema.ts';
import { iso } from '../../http/iso-time.ts';
import { statusesOfProject } from '../project-statuses/queries.ts';
import { customCsvColumns } from './custom-field-export.ts';
import type { ExportProjectRow, ExportTaskRow } from './queries.ts';
import { taskRowPages } from './task-pages.ts';

/**
 * A cell a spreadsheet would run as a formula (=, +, -, @, or a tab or carriage return before one)
 * gets a leading apostrophe, as OWASP advises. Papaparse's own `escapeFormulae: true` pattern ends
 * in `.*$` without the s flag, so it misses a cell whose formula is followed by a line break.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Excel reads a CSV as UTF-8 only when it starts with a byte order mark. */
const BYTE_ORDER_MARK = '\uFEFF';
const NEWLINE = '\r\n';

/** One task as a line of the CSV, in TASK_CSV_COLUMNS order; a status by its name in the project. */
function csvRow(trigram: string, statusNames: ReadonlyMap<string, string>, row: ExportTaskRow): string[] {
  return [
    `${trigram}-${row.reference}`,
    row.title,
    statusNames.get(row.status) ?? defaultStatusLabel(row.status),
    row.assignee_email ?? '',
    row.due_on ?? row.due_at ?? '',
    row.start_date ?? '',
    PRIORITY_LABELS[row.priority],
    row.estimate ?? '',
    row.parent_reference ?? '',
    row.blocked_by.join(', '),
    row.milestone_name ?? '',
    row.cycle_number === null ? '' : cycleName({ number: row.cycle_number, name: row.cycle_name }),
    row.labels.map((label) => label.name).join(', '),
    deltaToPlainText(row.content_json as DeltaDocument).replace(/\n+$/, ''),
    iso(row.created_at),
    iso(row.updated_at),
  ];
}

/** RFC 4180 text of `rows` (quoted where needed, CRLF between lines), formulas defused. */
function csvLines(rows: string[][]): string {
  return Papa.unparse(rows, { newline: NEWLINE, escapeFormulae: FORMULA_START });
}

/** The project's live tasks as CSV, one page of tasks at a time. */
export async function* tasksCsv(db: Kysely<Database>, project: ExportProjectRow): AsyncGenerator<string> {
  // The project's custom fields follow, one column each (docs/product.md#custom-fields).
  const custom = await customCsvColumns(db, project);
  const statuses = await statusesOfProject(db, project.project_id);
  const statusNames = new Map(statuses.map((status) => [status.key, status.name]));
  yield BYTE_ORDER_MARK + csvLines([[...TASK_CSV_COLUMNS, ...custom.names]]) + NEWLINE;
  for await (const rows of taskRowPages(db, project)) {
    yield csvLines(
      rows.map((row) => [...csvRow(project.trigram, statusNames, row), ...custom.cells(row.task_id)]),
    ) + NEWLINE;
  }
}
