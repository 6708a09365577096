import { isOnlyInvisible } from '@figgle/shared/display-text';
import type { EstimateScale } from '@figgle/shared/estimate';
import type { ImportProblem } from '@figgle/shared/import-schemas';
import { TASK_DESCRIPTION_MAX } from '@figgle/shared/task-schemas';
import type { DeltaJson, LabelColor, RelationKind, TaskPriority, TaskStatus } from '../../db/schema.ts';
import type { CustomFieldToImport } from '../custom-fields/commands/import-custom-fields.ts';
import type { CycleSettingsToImport, CycleToImport } from '../cycles/commands/import-cycles.ts';
import type { MilestoneToImport } from '../milestones/commands/import-milestones.ts';
import type { TemplateToImport } from '../task-templates/commands/import-task-templates.ts';

/** One task to write, whatever file it came from: what the batch writer (write-batch.ts) needs. */
export interface ImportTask {
  /** Where it was in the file, for the list of problems: "Row 12", "Card “Fix login”". */
  row: string;
  title: string;
  status: TaskStatus;
  description: DeltaJson;
  dueOn: string | null;
  dueAt: string | null;
  /** Figgle files: the day the work starts (never after the due date: figgle.ts drops it then). */
  startOn?: string | null;
  priority: TaskPriority;
  /** Figgle files: the estimate it had; kept when it is on the project's scale (write-batch.ts). */
  estimate?: string | null;
  /** CSV: the assignee's email, matched with the organization's members when written. */
  assigneeEmail: string | null;
  /** Names; the labels are found or created in the organization before the first batch. */
  labels: string[];
  checklist: Array<{ text: string; done: boolean }>;
  comments: ImportComment[];
  /** Values that could not be read: the task comes in without them. */
  problems: ImportProblem[];
  /** Its key in the file when the file's structure names it (ImportStructure): kept with its new id. */
  key?: string;
  /** Figgle files: the key of its milestone and of its cycle in the plan's `planning`. */
  milestoneKey?: string | null;
  cycleKey?: string | null;
  /** CSV: a milestone of the project by name, and a cycle of the project by number. */
  milestoneName?: string;
  cycleNumber?: number;
  /** CSV: cells of columns mapped to custom fields, read by the field's kind when written. */
  customTexts?: Array<{ fieldId: string; text: string }>;
}

/**
 * Figgle files: the project's milestones, cycle settings and cycles, made (or found) in the project
 * before the first batch; the tasks name them by key.
 */
export interface ImportPlanning {
  milestones: MilestoneToImport[];
  cycleSettings: CycleSettingsToImport | null;
  cycles: CycleToImport[];
  /** The file's custom fields, found or made in the organization and turned on in the project. */
  customFields?: CustomFieldToImport[];
  /** The file's task templates, made in the project after its custom fields. */
  templates?: TemplateToImport[];
}

/** A task of the file by its key, or a task outside it by its id and reference where it was exported. */
export type StructureEnd = { key: string } | { id: string; reference: string };

/**
 * The file's sub-tasks and relations, placed in the organization once every task of the file exists
 * (place-structure.ts), so a parent may come after its sub-task in the file. Already free of what
 * the file cannot mean (a cycle, a task under itself, a relation to itself), each told in `skipped`.
 */
export interface ImportStructure {
  /** Sub-task `child` (a key) under `parent`; a parent's sub-tasks in the order they go under it. */
  parents: Array<{ row: string; child: string; parent: StructureEnd }>;
  /** As stored: `from` blocks, relates to or duplicates `to`; at least one end is a key. */
  relations: Array<{ row: string; kind: RelationKind; from: StructureEnd; to: StructureEnd }>;
}

interface ImportComment {
  authorName: string;
  /** When it was first written (ISO): kept as the comment's date. */
  at: string;
  content: DeltaJson;
}

export interface ImportLabel {
  name: string;
  color: LabelColor;
}

/**
 * What a file holds once read with its mapping: the tasks in file order and the rows left out. The
 * tasks may be read as they are iterated (a large CSV file), the same ones in the same order each time.
 */
export interface ImportPlan {
  tasks: Iterable<ImportTask>;
  taskCount: number;
  labels: ImportLabel[];
  skipped: ImportProblem[];
  /** Figgle files: the exported project's estimate scale, taken by a project that has none yet. */
  estimateScale?: EstimateScale;
  /** Figgle files and Trello checklists as sub-tasks: the structure to place after the last task. */
  structure?: ImportStructure;
  /** Figgle files: milestones and cycles, made before the first batch. */
  planning?: ImportPlanning;
}

/** Plain text as a Quill document: its lines as they are, ending with the newline Quill keeps. */
export function textDelta(text: string): DeltaJson {
  const clean = text.replace(/\r\n?/g, '\n');
  return { ops: [{ insert: clean.endsWith('\n') ? clean : `${clean}\n` }] };
}

/** Control characters (other than tab and newline) are not kept in imported text. */
export function cleanText(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
  return text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u202a-\u202e\u2066-\u2069]/g, '');
}

/** A description's text, cleaned and cut to what a task holds; a cut is told as a problem of `row`. */
export function importedDescription(
  text: string,
  row: ImportProblem['row'],
  problems: ImportProblem[],
): string {
  const description = cleanText(text);
  if (description.length <= TASK_DESCRIPTION_MAX) return description;
  problems.push({
    row,
    reason: `The description was cut to ${TASK_DESCRIPTION_MAX} characters.`,
    imported: true,
  });
  return description.slice(0, TASK_DESCRIPTION_MAX);
}

/** A one-line name for a title or a label: no control characters, spaces folded, cut to `max`. */
export function cleanLine(text: string, max: number): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
  const line = text.replace(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, ' ');
  const folded = line.replace(/\s+/g, ' ').trim().slice(0, max).trim();
  return isOnlyInvisible(folded) ? '' : folded;
}
