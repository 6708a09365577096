import { z } from 'zod';
import { taskPrioritySchema } from './planning-schemas.ts';
import { PRIORITY_LABELS } from './priority.ts';
import { defaultStatusLabel } from './status.ts';
import { taskStatusSchema } from './status-schema.ts';
import { RELATION_SIDES } from './subtask-schemas.ts';

/**
 * STATUS, TITLE, ASSIGNEE, DUE_DATE, PRIORITY and CONTENT are derived from what an edit changed;
 * COMMENT, CREATION and LABELS are written directly by the server when a comment is posted, a task
 * created or its labels replaced; COMMENT_EDIT and COMMENT_DELETE when an author edits or deletes
 * a comment, MOVE when a task goes to another project (migration 0020); PARENT when a task becomes
 * or stops being a sub-task, RELATION when a relation is added or removed, ESTIMATE when the estimate
 * changes (migration 0023). START_DATE, derived too, when a task's start date changes (migration 0026).
 * MILESTONE when a task joins or leaves a milestone (migration 0032). CYCLE when a task joins or
 * leaves a cycle, by a person or by the rollover of an ended cycle (migration 0033). CUSTOM_FIELD
 * when a task's value of a custom field changes (migration 0036). RESTORE when a task comes back
 * from the trash (migration 0041).
 */
export const LOG_TYPES = [
  'STATUS',
  'TITLE',
  'ASSIGNEE',
  'CONTENT',
  'COMMENT',
  'CREATION',
  'DUE_DATE',
  'PRIORITY',
  'LABELS',
  'COMMENT_EDIT',
  'COMMENT_DELETE',
  'MOVE',
  'PARENT',
  'RELATION',
  'ESTIMATE',
  'START_DATE',
  'MILESTONE',
  'CYCLE',
  'CUSTOM_FIELD',
  'RESTORE',
] as const;
export const logTypeSchema = z.enum(LOG_TYPES);

const loggedLabelSchema = z.object({ label_id: z.string(), name: z.string() });
const loggedProjectSchema = z.object({ project_id: z.string(), name: z.string() });

const changeOf = <T extends z.ZodType>(value: T) =>
  z.object({ old: value.nullable(), new: value.nullable() });

export const logMetadataSchema = z.object({
  status: changeOf(taskStatusSchema).optional(),
  title: changeOf(z.string()).optional(),
  assignee_id: changeOf(z.string()).optional(),
  /** A due day ('2026-03-01') or a due instant ('2026-03-01T09:30:00.000Z'); null: no due date. */
  due: changeOf(z.string()).optional(),
  /** A start day ('2026-03-01'); null: no start date. */
  start: changeOf(z.string()).optional(),
  priority: changeOf(taskPrioritySchema).optional(),
  /** The task's labels before and after, sorted by name, with the names they had then. */
  labels: z.object({ old: z.array(loggedLabelSchema), new: z.array(loggedLabelSchema) }).optional(),
  // The description is too large to keep twice per edit: the log only says that it changed.
  content: z.literal(true).optional(),
  /** MOVE: the project the task left and the one it joined, with the names they had then. */
  project: z.object({ old: loggedProjectSchema, new: loggedProjectSchema }).optional(),
  /** COMMENT_EDIT, COMMENT_DELETE: which comment. */
  comment_id: z.string().optional(),
  /** PARENT: the parent before and after, by id and its reference then ("WEB-12"). */
  parent: changeOf(z.object({ task_id: z.string(), reference: z.string() })).optional(),
  /** PARENT on the parent: the sub-task that came under it (added) or left it. */
  subtask: z.object({ task_id: z.string(), reference: z.string(), added: z.boolean() }).optional(),
  /** RELATION: the kind as this task reads it, the other task, and whether it was added or removed. */
  relation: z
    .object({
      kind: z.enum(RELATION_SIDES),
      task_id: z.string(),
      reference: z.string(),
      added: z.boolean(),
    })
    .optional(),
  /** ESTIMATE: the estimate before and after. */
  estimate: changeOf(z.string()).optional(),
  /** MILESTONE: the milestone before and after, with the names they had then. */
  milestone: changeOf(z.object({ milestone_id: z.string(), name: z.string() })).optional(),
  /** CYCLE: the cycle before and after (number and name then); rollover: true when the server moved it. */
  cycle: changeOf(
    z.object({ cycle_id: z.string(), number: z.number(), name: z.string().nullable() }),
  ).optional(),
  rollover: z.boolean().optional(),
  /** CUSTOM_FIELD: the field (its name then) and its value before and after, in words; null: none. */
  custom_field: z
    .object({
      field_id: z.string(),
      name: z.string(),
      old: z.string().nullable(),
      new: z.string().nullable(),
    })
    .optional(),
});
export type LogMetadata = z.infer<typeof logMetadataSchema>;

type Change = { old: unknown; new: unknown } | undefined;

/** A field counts as changed only when its value really differs: saving the same value is no event. */
function changed(change: Change): change is { old: unknown; new: unknown } {
  return change !== undefined && change.old !== change.new;
}

type LabelsChange = LogMetadata['labels'];

function labelsChanged(change: LabelsChange): change is NonNullable<LabelsChange> {
  if (change === undefined) return false;
  const ids = (labels: Array<{ label_id: string }>) => labels.map((label) => label.label_id).join(',');
  return ids(change.old) !== ids(change.new);
}

/**
 * Spec order: status change, title change, assignee change, due date, start date, priority, labels,
 * otherwise a description change. figgle_change_task (migration 0026) types its log rows in the same order.
 */
export function deriveLogType(
  metadata: LogMetadata,
): 'STATUS' | 'TITLE' | 'ASSIGNEE' | 'DUE_DATE' | 'START_DATE' | 'PRIORITY' | 'LABELS' | 'CONTENT' {
  if (changed(metadata.status)) return 'STATUS';
  if (changed(metadata.title)) return 'TITLE';
  if (changed(metadata.assignee_id)) return 'ASSIGNEE';
  if (changed(metadata.due)) return 'DUE_DATE';
  if (changed(metadata.start)) return 'START_DATE';
  if (changed(metadata.priority)) return 'PRIORITY';
  if (labelsChanged(metadata.labels)) return 'LABELS';
  return 'CONTENT';
}

export interface CollapsibleLog {
  task_id: string;
  type: string;
  created_at: string | Date;
  author_id?: string | null;
  metadata?: LogMetadata | null;
}

const timeOf = (log: CollapsibleLog) => new Date(log.created_at).getTime();

function belongTogether(a: CollapsibleLog, b: CollapsibleLog): boolean {
  // Edits by two people stay two entries: merging them would hide who changed the description.
  return (
    a.type === 'CONTENT' && b.type === 'CONTENT' && a.task_id === b.task_id && a.author_id === b.author_id
  );
}

/** old from the earliest log of the run, new from the latest: the run reads as one edit. */
function mergeMetadata(earliest: LogMetadata | null | undefined, latest: LogMetadata | null | undefined) {
  if (!earliest || !latest) return latest;
  const merged: LogMetadata = { ...latest };
  for (const key of ['status', 'title', 'assignee_id', 'due', 'start', 'priority', 'labels'] as const) {
    const first = earliest[key];
    const last = latest[key];
    if (first && last) Object.assign(merged, { [key]: { old: first.old, new: last.new } });
  }
  return merged;
}

/**
 * Successive description edits of a task by the same person, with nothing between them in the list,
 * become one entry carrying the latest time. Works on lists sorted either way (task page ascending,
 * inbox descending); other entries pass through untouched and in place.
 */
export function collapseContentLogs<T extends CollapsibleLog>(logs: readonly T[]): T[] {
  const result: T[] = [];
  let run: T[] = [];
  const flush = () => {
    const [first] = run;
    if (first === undefined) return;
    if (run.length === 1) {
      result.push(first);
    } else {
      const byTime = [...run].sort((a, b) => timeOf(a) - timeOf(b));
      const earliest = byTime[0]!;
      const latest = byTime.at(-1)!;
      const metadata = mergeMetadata(earliest.metadata, latest.metadata);
      result.push(metadata === latest.metadata ? latest : { ...latest, metadata });
    }
    run = [];
  };
  for (const log of logs) {
    const previous = run.at(-1);
    if (previous && !belongTogether(previous, log)) flush();
    if (log.type === 'CONTENT') run.push(log);
    else result.push(log);
  }
  flush();
  return result;
}

/** Display names of users by id, for the assignee wording. */
export type UserNames = ReadonlyMap<string, string> | Readonly<Record<string, string>>;

function nameOf(id: string, names: UserNames | undefined): string {
  let name: string | undefined;
  if (names instanceof Map) name = names.get(id);
  else if (names && Object.hasOwn(names, id)) name = (names as Readonly<Record<string, string>>)[id];
  return name?.trim() || 'an unknown user';
}

/** Status names by key, of the task's project (a project's own "In review" instead of IN_REVIEW). */
export type StatusNames = Readonly<Record<string, string>>;

function describeStatus(
  change: { old: unknown; new: unknown },
  statusNames: StatusNames | undefined,
): string {
  const label = (value: unknown) => {
    if (!taskStatusSchema.safeParse(value).success) return 'none';
    const key = value as string;
    return (
      (statusNames && Object.hasOwn(statusNames, key) ? statusNames[key] : undefined) ??
      defaultStatusLabel(key)
    );
  };
  return change.old == null
    ? `status ${label(change.new)}`
    : `status ${label(change.old)} → ${label(change.new)}`;
}

function describeTitle(change: { old: unknown; new: unknown }): string {
  const quoted = (value: unknown) => `"${typeof value === 'string' ? value : ''}"`;
  return change.old == null
    ? `title ${quoted(change.new)}`
    : `title ${quoted(change.old)} → ${quoted(change.new)}`;
}

function describeAssignee(change: { old: unknown; new: unknown }, names: UserNames | undefined): string {
  return typeof change.new === 'string' && change.new !== ''
    ? `assignee ${nameOf(change.new, names)}`
    : 'assignee none';
}

function describeDue(change: { old: unknown; new: unknown }): string {
  const when = (value: unknown) => {
    if (typeof value !== 'string' || value === '') return 'none';
    // A due time reads in UTC here; screens that know the viewer's zone word it themselves.
    return value.includes('T') ? `${value.slice(0, 10)} ${value.slice(11, 16)} UTC` : value;
  };
  return `due date ${when(change.old)} → ${when(change.new)}`;
}

function describeStart(change: { old: unknown; new: unknown }): string {
  const when = (value: unknown) => (typeof value === 'string' && value !== '' ? value : 'none');
  return `start date ${when(change.old)} → ${when(change.new)}`;
}

function describePriority(change: { old: unknown; new: unknown }): string {
  const label = (value: unknown) =>
    taskPrioritySchema.safeParse(value).success
      ? PRIORITY_LABELS[value as keyof typeof PRIORITY_LABELS]
      : 'None';
  return `priority ${label(change.old)} → ${label(change.new)}`;
}

function describeLabels(change: NonNullable<LabelsChange>): string {
  const names = (labels: Array<{ name: string }>) =>
    labels.length === 0 ? 'none' : labels.map((label) => `"${label.name}"`).join(', ');
  return `labels ${names(change.old)} → ${names(change.new)}`;
}

/**
 * The words for what a log entry changed, e.g. 'status To Do → Doing', 'title "Old" → "New"',
 * 'assignee Ada Lovelace', 'assignee none' or 'description edited'; several changes are joined by ', '.
 * A status reads by its name in `statusNames`, else by its first name (To Do) or its key.
 */
export function describeLogChange(
  metadata: LogMetadata,
  names?: UserNames,
  statusNames?: StatusNames,
): string {
  const parts: string[] = [];
  if (changed(metadata.status)) parts.push(describeStatus(metadata.status, statusNames));
  if (changed(metadata.title)) parts.push(describeTitle(metadata.title));
  if (changed(metadata.assignee_id)) parts.push(describeAssignee(metadata.assignee_id, names));
  if (changed(metadata.due)) parts.push(describeDue(metadata.due));
  if (changed(metadata.start)) parts.push(describeStart(metadata.start));
  if (changed(metadata.priority)) parts.push(describePriority(metadata.priority));
  if (labelsChanged(metadata.labels)) parts.push(describeLabels(metadata.labels));
  if (metadata.content || parts.length === 0) parts.push('description edited');
  return parts.join(', ');
}
