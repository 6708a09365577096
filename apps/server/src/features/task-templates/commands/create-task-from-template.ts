import { type CustomValue, readCustomValue } from '@figgle/shared/custom-field-schemas';
import { isEstimateOf } from '@figgle/shared/estimate';
import { contentFromDescription } from '@figgle/shared/task-schemas';
import { fillTitlePattern, READY_TEMPLATES } from '@figgle/shared/task-template-schemas';
import { generateKeyBetween } from 'fractional-indexing';
import { type Kysely, sql } from 'kysely';
import type { AppDeps } from '../../../app-types.ts';
import type { CurrentUser } from '../../../auth/current-user.ts';
import { publishAfterCommit } from '../../../commands/publish-after-commit.ts';
import { serially } from '../../../commands/serially.ts';
import type { Database, DeltaJson, TaskPriority } from '../../../db/schema.ts';
import { badRequest, notFound } from '../../../http/errors.ts';
import { authorizeInProject, organizationOfProject } from '../../../policies/authorize.ts';
import { announceTaskCreated, insertTask } from '../../tasks/commands/insert-task.ts';
import { placeUnderParent } from '../../tasks/commands/set-task-parent.ts';
import { writeTaskEstimate } from '../../tasks/commands/task-estimate.ts';
import { type TaskSummaryRow, taskSummary } from '../../tasks/queries.ts';
import { templateById } from '../queries.ts';

/** What a task is made of, from a ready template or a stored one. */
interface TemplateContent {
  titlePattern: string;
  contentJson: DeltaJson;
  checklist: readonly string[];
  subtasks: readonly string[];
  labelIds: readonly string[];
  priority: TaskPriority;
  estimate: string | null;
  customValues: Record<string, unknown>;
}

async function templateContent(
  db: Kysely<Database>,
  projectId: string,
  templateId: string,
): Promise<TemplateContent> {
  const ready = READY_TEMPLATES.find((template) => template.template_id === templateId.toLowerCase());
  if (ready) {
    return {
      titlePattern: ready.title_pattern,
      contentJson: contentFromDescription(ready.description),
      checklist: ready.checklist,
      subtasks: ready.subtasks,
      labelIds: [],
      priority: ready.priority,
      estimate: null,
      customValues: {},
    };
  }
  const row = await templateById(db, templateId);
  // A template of another project, or of another organization, is not told apart from none.
  if (!row || row.project_id !== projectId) {
    throw badRequest('Choose a template of this project.', [
      { path: 'body.template_id', message: 'is not a template of this project' },
    ]);
  }
  return {
    titlePattern: row.title_pattern,
    contentJson: row.content_json,
    checklist: row.checklist,
    subtasks: row.subtasks,
    labelIds: row.label_ids,
    priority: row.priority,
    estimate: row.estimate,
    customValues: row.custom_values,
  };
}

/** The template's labels that still exist in the organization. */
async function liveLabels(trx: Kysely<Database>, organizationId: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  const rows = await trx
    .selectFrom('label')
    .select('label_id')
    .where('organization_id', '=', organizationId)
    .where(sql<boolean>`label_id = ANY(${[...ids]}::uuid[])`)
    .execute();
  return rows.map((row) => row.label_id);
}

/**
 * The template's custom values that still fit: fields on in the project, values of their kind now
 * (an option removed since, a person who left: left out).
 */
async function writeCustomValues(
  trx: Kysely<Database>,
  task: { taskId: string; projectId: string; organizationId: string },
  values: Record<string, unknown>,
): Promise<void> {
  const fieldIds = Object.keys(values);
  if (fieldIds.length === 0) return;
  const fields = await trx
    .selectFrom('project_custom_field')
    .innerJoin('custom_field', 'custom_field.field_id', 'project_custom_field.field_id')
    .select(['custom_field.field_id', 'custom_field.kind', 'custom_field.unit', 'custom_field.options'])
    .where('project_custom_field.project_id', '=', task.projectId)
    .where('custom_field.organization_id', '=', task.organizationId)
    .where(sql<boolean>`custom_field.field_id = ANY(${fieldIds}::uuid[])`)
    .execute();
  for (const field of fields) {
    const read = readCustomValue(field, values[field.field_id] as CustomValue);
    if (!read.ok || read.value === null) continue;
    if (field.kind === 'person') {
      const member = await trx
        .selectFrom('rule')
        .select('rule_id')
        .where('organization_id', '=', task.organizationId)
        .where('user_id', '=', String(read.value))
        .executeTakeFirst();
      if (!member) continue;
    }
    await trx
      .insertInto('task_custom_value')
      .values({ task_id: task.taskId, field_id: field.field_id, value: JSON.stringify(read.value) })
      .execute();
  }
}

/**
 * A task made from a template (POST /api/projects/:projectId/tasks/from-template) in ONE transaction:
 * the task with the template's title (or the one given), content, labels, priority, estimate and
 * custom values, its checklist, and its sub-tasks in order. Any refusal on the way leaves nothing.
 * A template of another project or organization, or an unknown id, is a 400 that changes nothing.
 * Answers the task as the lists show it.
 */
export async function createTaskFromTemplate(
  { db, bus, clock }: Pick<AppDeps, 'db' | 'bus' | 'clock'>,
  user: CurrentUser,
  input: { projectId: string; templateId: string; title?: string | undefined },
): Promise<TaskSummaryRow> {
  const { projectId } = input;
  await authorizeInProject(db, user, 'task.create', projectId);
  const template = await templateContent(db, projectId, input.templateId);
  const title =
    input.title ?? fillTitlePattern(template.titlePattern, clock.now().toISOString().slice(0, 10));
  if (title === '') throw badRequest('The title of the task is required.');
  const authorName = `${user.firstname} ${user.lastname}`.trim();
  const created = await publishAfterCommit(
    bus,
    () =>
      serially(`task-creation:${projectId.toLowerCase()}`, () =>
        db.transaction().execute(async (trx) => {
          const organizationId = await organizationOfProject(trx, projectId);
          const status = await firstStatus(trx, projectId);
          const task = await insertTask(trx, {
            projectId,
            title,
            status,
            assigneeId: null,
            authorId: user.user_id,
            authorName,
            contentJson: template.contentJson,
            isFromFigma: false,
            figmaClientMeta: null,
            priority: template.priority,
            labelIds: await liveLabels(trx, organizationId, template.labelIds),
          });
          const { estimate_scale } = await trx
            .selectFrom('project')
            .select('estimate_scale')
            .where('project_id', '=', projectId)
            .executeTakeFirstOrThrow();
          if (template.estimate !== null && isEstimateOf(estimate_scale, template.estimate))
            await writeTaskEstimate(trx, user, task.taskId, template.estimate, false);
          let rank: string | null = null;
          for (const text of template.checklist) {
            rank = generateKeyBetween(rank, null);
            await trx
              .insertInto('checklist_item')
              .values({ task_id: task.taskId, text, rank, created_by: user.user_id })
              .execute();
          }
          await writeCustomValues(trx, task, template.customValues);
          const subtasks = [];
          for (const subtaskTitle of template.subtasks) {
            const subtask = await insertTask(trx, {
              projectId,
              title: subtaskTitle,
              status,
              assigneeId: null,
              authorId: user.user_id,
              authorName,
              contentJson: contentFromDescription(''),
              isFromFigma: false,
              figmaClientMeta: null,
            });
            await placeUnderParent(trx, user, { taskId: subtask.taskId, parentId: task.taskId });
            subtasks.push(subtask);
          }
          return { task, subtasks };
        }),
      ),
    ({ task, subtasks }) => [
      announceTaskCreated(task, user.user_id),
      ...subtasks.map((subtask) => announceTaskCreated(subtask, user.user_id)),
    ],
  );
  const row = await taskSummary(db, created.task.taskId);
  if (!row) throw notFound('Task');
  return row;
}

/** To Do, or the project's first status when it has no To Do (as the add-task dialog chooses). */
async function firstStatus(trx: Kysely<Database>, projectId: string): Promise<string> {
  const { rows } = await sql<{ key: string }>`
    SELECT key FROM project_status WHERE project_id = ${projectId}
    ORDER BY (key = 'TODO') DESC, position LIMIT 1
  `.execute(trx);
  return rows[0]?.key ?? 'TODO';
}
