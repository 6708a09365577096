import {
  TEMPLATE_CHECKLIST_MAX,
  TEMPLATE_SUBTASKS_MAX,
  TEMPLATE_TITLE_PATTERN_MAX,
  TEMPLATES_PER_PROJECT_MAX,
} from '@figgle/shared/task-template-schemas';
import { sql } from 'kysely';
import type { AppDeps } from '../../../app-types.ts';
import type { CurrentUser } from '../../../auth/current-user.ts';
import { projectChanged } from '../../../commands/announcements.ts';
import { publishAfterTransaction } from '../../../commands/publish-after-commit.ts';
import { lockLiveProject } from '../../../db/row-locks.ts';
import { badRequest, conflict, notFound } from '../../../http/errors.ts';
import { authorizeOnTask } from '../../../policies/authorize.ts';

/**
 * A task saved as a template of its project (POST /api/tasks/:taskId/template): its title (as the
 * pattern, unless one is given), content, checklist texts (the first TEMPLATE_CHECKLIST_MAX),
 * sub-task titles (the first TEMPLATE_SUBTASKS_MAX, in their order), labels, priority, estimate and
 * the values of the custom fields on in the project. A name already used in the project is a 409.
 * Answers the new template's id.
 */
export async function saveTaskTemplate(
  { db, bus }: Pick<AppDeps, 'db' | 'bus'>,
  user: CurrentUser,
  values: { taskId: string; name: string; titlePattern?: string | undefined },
): Promise<string> {
  const { organizationId, projectId } = await authorizeOnTask(db, user, 'taskTemplate.manage', values.taskId);
  return publishAfterTransaction(
    { db, bus },
    async (trx) => {
      // The project row is locked: two templates saved at once count against the limit in turn.
      if (!(await lockLiveProject(trx, projectId))) throw notFound('Project');
      const task = await trx
        .selectFrom('task')
        .select(['title', 'content_json', 'priority', 'estimate'])
        .where('task_id', '=', values.taskId)
        .where('project_id', '=', projectId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      if (!task) throw notFound('Task');
      const { count, same } = await trx
        .selectFrom('task_template')
        .select([
          sql<string>`count(*)`.as('count'),
          sql<string>`count(*) FILTER (WHERE lower(name) = lower(${values.name}))`.as('same'),
        ])
        .where('project_id', '=', projectId)
        .executeTakeFirstOrThrow();
      if (Number(same) > 0)
        throw conflict('This project already has a template of this name: choose another name.');
      if (Number(count) >= TEMPLATES_PER_PROJECT_MAX)
        throw badRequest(
          `A project has at most ${TEMPLATES_PER_PROJECT_MAX} templates: remove old ones first.`,
        );
      const checklist = await trx
        .selectFrom('checklist_item')
        .select('text')
        .where('task_id', '=', values.taskId)
        .orderBy(sql`rank COLLATE "C"`)
        .limit(TEMPLATE_CHECKLIST_MAX)
        .execute();
      const subtasks = await trx
        .selectFrom('task')
        .select('title')
        .where('parent_id', '=', values.taskId)
        .where('deleted_at', 'is', null)
        .orderBy('subtask_position')
        .orderBy('task_id')
        .limit(TEMPLATE_SUBTASKS_MAX)
        .execute();
      const labels = await trx
        .selectFrom('task_label')
        .select('label_id')
        .where('task_id', '=', values.taskId)
        .execute();
      const customValues = await trx
        .selectFrom('task_custom_value')
        .innerJoin('project_custom_field', (join) =>
          join
            .onRef('project_custom_field.field_id', '=', 'task_custom_value.field_id')
            .on('project_custom_field.project_id', '=', projectId),
        )
        .select(['task_custom_value.field_id', 'task_custom_value.value'])
        .where('task_custom_value.task_id', '=', values.taskId)
        .execute();
      const titlePattern = values.titlePattern ?? task.title.slice(0, TEMPLATE_TITLE_PATTERN_MAX).trimEnd();
      const { template_id } = await trx
        .insertInto('task_template')
        .values({
          project_id: projectId,
          name: values.name,
          title_pattern: titlePattern,
          content_json: JSON.stringify(task.content_json),
          checklist: JSON.stringify(checklist.map((item) => item.text)),
          subtasks: JSON.stringify(subtasks.map((subtask) => subtask.title)),
          label_ids: JSON.stringify(labels.map((label) => label.label_id)),
          priority: task.priority,
          estimate: task.estimate,
          custom_values: JSON.stringify(
            Object.fromEntries(customValues.map((row) => [row.field_id, row.value])),
          ),
          created_by: user.user_id,
        })
        .returning('template_id')
        .executeTakeFirstOrThrow();
      return template_id;
    },
    () => projectChanged('updated', organizationId, projectId, user.user_id),
  );
}
