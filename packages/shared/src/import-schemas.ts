import { z } from 'zod';
import { projectNameSchema } from './project-schemas.ts';
import { taskStatusSchema } from './status-schema.ts';

// Import (docs/product.md#import): a file is sent and read, the person confirms the mapping, a job
// writes the tasks and reports its progress.

const IMPORT_FORMATS = ['trello', 'csv', 'figgle'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];
const IMPORT_STATES = ['analysed', 'queued', 'running', 'done', 'failed'] as const;

/** What a CSV column can become; null: the column is left out. */
export const CSV_FIELDS = [
  'title',
  'description',
  'status',
  'assignee',
  'due_date',
  'priority',
  'labels',
  'milestone',
  'cycle',
] as const;
export type CsvField = (typeof CSV_FIELDS)[number];
// Their names on the import screen are in the web app's catalogue (projects.csvField*).
export const CSV_PREVIEW_ROWS = 5;

/** A custom field on in the project as what a column fills: `field:<field id>` (docs/product.md#custom-fields). */
export type CsvColumn = CsvField | `field:${string}`;
const CUSTOM_FIELD_COLUMN = /^field:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const csvColumnSchema = z.union([
  z.enum(CSV_FIELDS),
  z
    .string()
    .regex(CUSTOM_FIELD_COLUMN, 'A column fills a field of the list, or a custom field as field:<id>.')
    .transform((value) => value as `field:${string}`),
]);

const csvColumnsSchema = z
  .array(csvColumnSchema.nullable())
  .max(500)
  .refine((columns) => columns.filter((field) => field === 'title').length === 1, {
    message: 'Choose exactly one column for the title.',
  })
  .refine(
    (columns) => {
      const chosen = columns.filter((field) => field !== null);
      return new Set(chosen).size === chosen.length;
    },
    { message: 'Each field can come from one column only.' },
  );

const trelloListMappingSchema = z.record(z.string().min(1).max(100), taskStatusSchema);

export const importIdParams = z.object({ importId: z.uuid() });
export const projectImportParams = z.object({ projectId: z.uuid() });
export const organizationImportParams = z.object({ organizationId: z.uuid() });
export const importFileQuery = z.object({
  file_name: z
    .string({ error: 'Name the file (file_name).' })
    .trim()
    .min(1, 'Name the file (file_name).')
    .max(255, 'The file name is at most 255 characters.'),
});

export const startImportInput = z.object({
  /** Importing from "Add a project": the name of the project the import creates. */
  project_name: projectNameSchema.optional(),
  /** The same file was imported before: go on anyway. */
  allow_duplicate: z.boolean().default(false),
  /** Trello: each list's status, by the list's id. */
  trello_lists: trelloListMappingSchema.optional(),
  /** Trello: each card's checklist items become sub-tasks of its task, instead of checklist items. */
  trello_checklists_as_subtasks: z.boolean().default(false),
  /** CSV: for each column, in order, the field it fills (null: left out). */
  csv_columns: csvColumnsSchema.optional(),
});
export type StartImportInput = z.input<typeof startImportInput>;

const trelloAnalysisSchema = z.object({
  format: z.literal('trello'),
  board_name: z.string(),
  lists: z.array(
    z.object({
      list_id: z.string(),
      name: z.string(),
      cards: z.number().int(),
      closed: z.boolean(),
      suggested_status: taskStatusSchema,
    }),
  ),
  cards: z.number().int(),
  comments: z.number().int(),
  checklist_items: z.number().int(),
  labels: z.number().int(),
});

const csvAnalysisSchema = z.object({
  format: z.literal('csv'),
  columns: z.array(z.string()),
  preview: z.array(z.array(z.string())),
  rows: z.number().int(),
  suggested_columns: z.array(z.enum(CSV_FIELDS).nullable()),
});

const figgleAnalysisSchema = z.object({
  format: z.literal('figgle'),
  project_name: z.string(),
  tasks: z.number().int(),
  comments: z.number().int(),
  labels: z.number().int(),
});

export const importAnalysisSchema = z.discriminatedUnion('format', [
  trelloAnalysisSchema,
  csvAnalysisSchema,
  figgleAnalysisSchema,
]);
export type ImportAnalysis = z.infer<typeof importAnalysisSchema>;
export type TrelloAnalysis = z.infer<typeof trelloAnalysisSchema>;
export type CsvAnalysis = z.infer<typeof csvAnalysisSchema>;

const importProblemSchema = z.object({
  /** Where in the file: "Row 12", "Card “Fix login”". */
  row: z.string(),
  reason: z.string(),
  /** true: the row came in without the value named in reason; false: it was left out. */
  imported: z.boolean(),
});
export type ImportProblem = z.infer<typeof importProblemSchema>;

export const importViewSchema = z.object({
  import_id: z.uuid(),
  organization_id: z.uuid(),
  project_id: z.uuid().nullable(),
  format: z.enum(IMPORT_FORMATS),
  file_name: z.string(),
  file_size: z.number().int(),
  state: z.enum(IMPORT_STATES),
  analysis: importAnalysisSchema,
  duplicate_of: z
    .object({
      import_id: z.uuid(),
      project_id: z.uuid().nullable(),
      project_name: z.string().nullable(),
      created_at: z.string(),
    })
    .nullable(),
  progress: z.object({ done: z.number().int(), total: z.number().int() }),
  imported: z.object({
    tasks: z.number().int(),
    comments: z.number().int(),
    labels: z.number().int(),
    checklist_items: z.number().int(),
  }),
  problems: z.array(importProblemSchema),
  problems_total: z.number().int(),
  error: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type ImportView = z.infer<typeof importViewSchema>;

export function importTooLargeMessage(maxBytes: number): string {
  const size =
    maxBytes >= 1024 * 1024
      ? `${Math.round(maxBytes / (1024 * 1024))} MB`
      : `${Math.round(maxBytes / 1024)} KB`;
  return `The file is larger than ${size}, the most an import accepts.`;
}
