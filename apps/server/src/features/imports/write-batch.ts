import {
  CUSTOM_FIELD_KIND_LABELS,
  customValueFromText,
  type ProjectCustomField,
} from '@figgle/shared/custom-field-schemas';
import { type EstimateScale, isEstimateOf } from '@figgle/shared/estimate';
import type { ImportProblem } from '@figgle/shared/import-schemas';
import type { LogMetadata } from '@figgle/shared/log-type';
import { MILESTONES_PER_PROJECT_MAX } from '@figgle/shared/milestone-schemas';
import type { StatusCategory } from '@figgle/shared/status-categories';
import { generateNKeysBetween } from 'fractional-indexing';
import { type Kysely, sql } from 'kysely';
import type { Database, LabelColor, TaskStatus } from '../../db/schema.ts';
import { lockColumn } from '../tasks/commands/column-lock.ts';
import type { ImportLabel, ImportTask } from './import-item.ts';
import type { PlanningIds } from './import-planning.ts';

/** What every batch of one run shares: where the tasks go, who imports them, the labels and members. */
export interface BatchContext {
  projectId: string;
  organizationId: string;
  authorId: string | null;
  authorName: string;
  /** Label ids by lower-case name. */
  labelIds: Map<string, string>;
  /** Members' user ids by lower-case email. */
  members: Map<string, string>;
  /** The project's estimate scale: an estimate of no value of it is left out and told. */
  estimateScale: EstimateScale;
  /** Figgle files: the project's milestones and cycles by the file's keys (import-planning.ts). */
  planning?: PlanningIds;
  /** CSV: the custom fields on in the project, by id, for the columns mapped to them. */
  customFields?: ReadonlyMap<string, Pick<ProjectCustomField, 'name' | 'kind' | 'options' | 'unit'>>;
}

interface BatchResult {
  /** The new ids of the tasks the file's structure names, by their key in the file. */
  keyed: Record<string, string>;
  tasks: number;
  comments: number;
  checklistItems: number;
  problems: ImportProblem[];
}

export class ProjectGoneError extends Error {}

/**
 * Finds or creates the run's labels in the organization (a name already there, whatever its case, is
 * reused). One statement; run again after a restart it creates nothing twice. Answers how many were new.
 */
export async function ensureLabels(
  db: Kysely<Database>,
  organizationId: string,
  labels: ImportLabel[],
): Promise<{ ids: Map<string, string>; created: number }> {
  const unique = new Map<string, ImportLabel>();
  for (const label of labels)
    if (!unique.has(label.name.toLowerCase())) unique.set(label.name.toLowerCase(), label);
  const names = [...unique.values()].map((label) => label.name);
  const colors: LabelColor[] = [...unique.values()].map((label) => label.color);
  if (names.length === 0) return { ids: new Map(), created: 0 };
  const inserted = await sql<{ label_id: string }>`
    INSERT INTO label (organization_id, name, color)
    SELECT ${organizationId}, t.name, t.color FROM unnest(${names}::text[], ${colors}::text[]) AS t(name, color)
    ON CONFLICT (organization_id, lower(name)) DO NOTHING
    RETURNING label_id
  `.execute(db);
  const { rows } = await sql<{ label_id: string; key: string }>`
    SELECT label_id, lower(name) AS key FROM label
    WHERE organization_id = ${organizationId} AND lower(name) = ANY(${[...unique.keys()]}::text[])
  `.execute(db);
  return { ids: new Map(rows.map((row) => [row.key, row.label_id])), created: inserted.rows.length };
}

/** The organization's members by lower-case email, for CSV assignees. */
export async function membersByEmail(
  db: Kysely<Database>,
  organizationId: string,
): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('rule')
    .innerJoin('app_user', 'app_user.user_id', 'rule.user_id')
    .select(['app_user.user_id', 'app_user.email'])
    .where('rule.organization_id', '=', organizationId)
    .execute();
  return new Map(rows.map((row) => [row.email.toLowerCase(), row.user_id]));
}

const DEFAULT_CATEGORIES: Readonly<Record<string, StatusCategory>> = {
  TODO: 'unstarted',
  DOING: 'started',
  DONE: 'done',
  ARCHIVE: 'canceled',
};

/**
 * A task's status is a key of the project's statuses (migration 0037): the mapping the person chose
 * was checked when the import started, but a file's own keys (a Trello card archived → ARCHIVE, a
 * ticked checklist item → DONE) may name one the project removed. Such a task takes the project's
 * first status of that key's category, else its first status, rather than failing the import.
 */
async function placeInProjectStatuses(
  trx: Kysely<Database>,
  projectId: string,
  tasks: ImportTask[],
): Promise<void> {
  const statuses = await trx
    .selectFrom('project_status')
    .select(['key', 'category'])
    .where('project_id', '=', projectId)
    .orderBy('position')
    .orderBy('key')
    .execute();
  const keys = new Set(statuses.map((status) => status.key));
  for (const task of tasks) {
    if (keys.has(task.status) || statuses.length === 0) continue;
    const category = DEFAULT_CATEGORIES[task.status];
    task.status = (statuses.find((status) => status.category === category) ?? statuses[0]!).key as TaskStatus;
  }
}

/**
 * Writes one batch inside the caller's transaction, with a few multi-row statements whatever its size
 * (arrays unnested by PostgreSQL, so each statement's text is the same every batch): the project's next
 * references, ranks after each column's last task, the tasks with their CREATION log lines, labels,
 * checklist items and comments. Comments keep their first date and author's name; they are not put in
 * the inbox (an import is not news).
 */
export async function writeBatch(
  trx: Kysely<Database>,
  context: BatchContext,
  tasks: ImportTask[],
): Promise<BatchResult> {
  const problems: ImportProblem[] = tasks.flatMap((task) => task.problems);
  const project = await trx
    .updateTable('project')
    .set((eb) => ({ last_reference: eb('last_reference', '+', tasks.length) }))
    .where('project_id', '=', context.projectId)
    .where('deleted_at', 'is', null)
    .returning('last_reference')
    .executeTakeFirst();
  if (!project) throw new ProjectGoneError('The project was deleted during the import.');
  const firstReference = project.last_reference - tasks.length + 1;

  await placeInProjectStatuses(trx, context.projectId, tasks);
  const ranks = new Map<ImportTask, string>();
  // The columns in one order (by key), so two imports into one project never wait on each other's lock.
  for (const status of [...new Set(tasks.map((task) => task.status))].sort()) {
    const inColumn = tasks.filter((task) => task.status === status);
    await lockColumn(trx, context.projectId, status as TaskStatus);
    const { rows } = await sql<{ rank: string | null }>`
      SELECT max(rank) AS rank FROM task
      WHERE project_id = ${context.projectId} AND status = ${status} AND deleted_at IS NULL
    `.execute(trx);
    const keys = generateNKeysBetween(rows[0]?.rank ?? null, null, inColumn.length);
    for (const [index, task] of inColumn.entries()) ranks.set(task, keys[index]!);
  }

  // The ids a task made one by one gets (migration 0018: its creation time in front), made before
  // the insert because labels, checklists and comments below name their tasks.
  const { rows: made } = await sql<{ id: string }>`
    SELECT figgle_task_id() AS id FROM generate_series(1, ${tasks.length}::integer)
  `.execute(trx);
  const ids = made.map((row) => row.id);
  const assignees = tasks.map((task) => {
    if (!task.assigneeEmail) return null;
    const userId = context.members.get(task.assigneeEmail);
    if (!userId)
      problems.push({
        row: task.row,
        reason: `${task.assigneeEmail} is not a member of the organization: the task is unassigned.`,
        imported: true,
      });
    return userId ?? null;
  });
  const estimates = tasks.map((task) => {
    if (task.estimate == null) return null;
    if (isEstimateOf(context.estimateScale, task.estimate)) return task.estimate;
    problems.push({
      row: task.row,
      reason: `Its estimate ${task.estimate} is not on this project's scale: the task has none.`,
      imported: true,
    });
    return null;
  });
  const milestones = tasks.map((task) => {
    if (task.milestoneKey) {
      const id = context.planning?.milestones.get(task.milestoneKey);
      if (!id)
        problems.push({
          row: task.row,
          reason: `Its milestone could not be made: the project has ${MILESTONES_PER_PROJECT_MAX} already. The task has none.`,
          imported: true,
        });
      return id ?? null;
    }
    if (!task.milestoneName) return null;
    const id = context.planning?.milestonesByName.get(task.milestoneName.toLowerCase());
    if (!id)
      problems.push({
        row: task.row,
        reason: `The milestone “${task.milestoneName}” is not one of this project's: the task has none.`,
        imported: true,
      });
    return id ?? null;
  });
  const cycles = tasks.map((task) => {
    if (task.cycleKey) {
      const id = context.planning?.cycles.get(task.cycleKey);
      if (!id)
        problems.push({
          row: task.row,
          reason: "Its cycle has other days than this project's cycles: the task is in none.",
          imported: true,
        });
      return id ?? null;
    }
    if (task.cycleNumber === undefined) return null;
    const id = context.planning?.cyclesByNumber.get(task.cycleNumber);
    if (!id)
      problems.push({
        row: task.row,
        reason: `Cycle ${task.cycleNumber} is not one of this project's: the task is in none.`,
        imported: true,
      });
    return id ?? null;
  });
  const labelsOf = tasks.map((task) =>
    task.labels
      .map((name) => ({ label_id: context.labelIds.get(name.toLowerCase()), name }))
      .filter((label): label is { label_id: string; name: string } => label.label_id !== undefined)
      .sort((a, b) => a.name.localeCompare(b.name)),
  );
  await sql`
    INSERT INTO task (task_id, project_id, reference, title, status, rank, author_id, author_name, assignee_id,
      last_modified_by, content_json, comments_total, due_on, due_at, start_on, priority, estimate,
      milestone_id, cycle_id)
    SELECT t.id, ${context.projectId}, t.reference, t.title, t.status, t.rank, ${context.authorId},
      ${context.authorName}, t.assignee, ${context.authorId}, t.content::jsonb, t.comments, t.due_on::date,
      t.due_at::timestamptz, t.start_on::date, t.priority, t.estimate, t.milestone, t.cycle
    FROM unnest(${ids}::uuid[], ${tasks.map((_, index) => firstReference + index)}::integer[],
      ${tasks.map((task) => task.title)}::text[], ${tasks.map((task) => task.status)}::text[],
      ${tasks.map((task) => ranks.get(task)!)}::text[], ${assignees}::uuid[],
      ${tasks.map((task) => JSON.stringify(task.description))}::text[],
      ${tasks.map((task) => task.comments.length)}::integer[], ${tasks.map((task) => task.dueOn)}::text[],
      ${tasks.map((task) => task.dueAt)}::text[], ${tasks.map((task) => task.startOn ?? null)}::text[],
      ${tasks.map((task) => task.priority)}::text[],
      ${estimates}::text[], ${milestones}::uuid[], ${cycles}::uuid[])
      AS t(id, reference, title, status, rank, assignee, content, comments, due_on, due_at, start_on, priority,
        estimate, milestone, cycle)
  `.execute(trx);

  const metadata = tasks.map((task, index) => {
    const labels = labelsOf[index]!;
    const entry: LogMetadata = {
      title: { old: null, new: task.title },
      status: { old: null, new: task.status },
      ...(assignees[index] ? { assignee_id: { old: null, new: assignees[index] } } : {}),
      ...(task.startOn ? { start: { old: null, new: task.startOn } } : {}),
      ...(task.priority !== 'NONE' ? { priority: { old: null, new: task.priority } } : {}),
      ...(estimates[index] ? { estimate: { old: null, new: estimates[index] } } : {}),
      ...(labels.length > 0 ? { labels: { old: [], new: labels } } : {}),
    };
    return JSON.stringify(entry);
  });
  await sql`
    INSERT INTO log (task_id, project_id, organization_id, author_id, type, metadata)
    SELECT t.id, ${context.projectId}, ${context.organizationId}, ${context.authorId}, 'CREATION',
      t.metadata::jsonb || CASE WHEN task.due_on IS NULL AND task.due_at IS NULL THEN '{}'::jsonb
        ELSE jsonb_build_object('due', jsonb_build_object('old', NULL, 'new', figgle_due_text(task.due_on, task.due_at))) END
    FROM unnest(${ids}::uuid[], ${metadata}::text[]) AS t(id, metadata)
    JOIN task ON task.task_id = t.id
  `.execute(trx);

  const labelTask: string[] = [];
  const labelId: string[] = [];
  labelsOf.forEach((labels, index) => {
    for (const label of labels) {
      labelTask.push(ids[index]!);
      labelId.push(label.label_id);
    }
  });
  if (labelTask.length > 0) {
    await sql`
      INSERT INTO task_label (task_id, label_id)
      SELECT t.task_id, t.label_id FROM unnest(${labelTask}::uuid[], ${labelId}::uuid[]) AS t(task_id, label_id)
      ON CONFLICT DO NOTHING
    `.execute(trx);
  }

  await writeCustomValues(trx, context, tasks, ids, problems);

  const itemTask: string[] = [];
  const itemText: string[] = [];
  const itemDone: boolean[] = [];
  const itemRank: string[] = [];
  tasks.forEach((task, index) => {
    if (task.checklist.length === 0) return;
    const keys = generateNKeysBetween(null, null, task.checklist.length);
    task.checklist.forEach((item, position) => {
      itemTask.push(ids[index]!);
      itemText.push(item.text);
      itemDone.push(item.done);
      itemRank.push(keys[position]!);
    });
  });
  if (itemTask.length > 0) {
    await sql`
      INSERT INTO checklist_item (task_id, text, done, rank, created_by)
      SELECT t.task_id, t.text, t.done, t.rank, ${context.authorId}
      FROM unnest(${itemTask}::uuid[], ${itemText}::text[], ${itemDone}::boolean[], ${itemRank}::text[])
        AS t(task_id, text, done, rank)
    `.execute(trx);
  }

  const commentTask: string[] = [];
  const commentAuthor: string[] = [];
  const commentAt: string[] = [];
  const commentContent: string[] = [];
  tasks.forEach((task, index) => {
    for (const comment of task.comments) {
      commentTask.push(ids[index]!);
      commentAuthor.push(comment.authorName);
      commentAt.push(comment.at);
      commentContent.push(JSON.stringify(comment.content));
    }
  });
  if (commentTask.length > 0) {
    await sql`
      INSERT INTO comment (task_id, author_id, author_name, content_json, created_at, imported)
      SELECT t.task_id, NULL, t.author_name, t.content::jsonb, t.created_at::timestamptz, true
      FROM unnest(${commentTask}::uuid[], ${commentAuthor}::text[], ${commentContent}::text[], ${commentAt}::text[])
        AS t(task_id, author_name, content, created_at)
    `.execute(trx);
  }
  const keyed: Record<string, string> = {};
  tasks.forEach((task, index) => {
    if (task.key !== undefined) keyed[task.key] = ids[index]!;
  });
  return {
    keyed,
    tasks: tasks.length,
    comments: commentTask.length,
    checklistItems: itemTask.length,
    problems,
  };
}

/** CSV: each task's cells of columns mapped to custom fields, read by kind; a cell that does not read is told. */
async function writeCustomValues(
  trx: Parameters<typeof lockColumn>[0],
  context: BatchContext,
  tasks: ImportTask[],
  ids: string[],
  problems: ImportProblem[],
): Promise<void> {
  const taskIds: string[] = [];
  const fieldIds: string[] = [];
  const values: string[] = [];
  tasks.forEach((task, index) => {
    for (const { fieldId: named, text } of task.customTexts ?? []) {
      // A Figgle file names its own fields: the planning found or made the organization's.
      const fieldId = context.planning?.customFields.get(named) ?? named;
      const field = context.customFields?.get(fieldId);
      if (!field) continue;
      const value = customValueFromText(field, text, (email) => context.members.get(email));
      if (value === undefined) continue;
      if (value === null) {
        problems.push({
          row: task.row,
          reason: `“${text.slice(0, 40)}” is no value of ${field.name} (${CUSTOM_FIELD_KIND_LABELS[field.kind]}): it is left empty.`,
          imported: true,
        });
        continue;
      }
      taskIds.push(ids[index]!);
      fieldIds.push(fieldId);
      values.push(JSON.stringify(value));
    }
  });
  if (taskIds.length === 0) return;
  await sql`
    INSERT INTO task_custom_value (task_id, field_id, value)
    SELECT t.task_id, t.field_id, t.value::jsonb
    FROM unnest(${taskIds}::uuid[], ${fieldIds}::uuid[], ${values}::text[]) AS t(task_id, field_id, value)
    ON CONFLICT DO NOTHING
  `.execute(trx);
}
