import { sql } from 'kysely';
import type { AppDeps } from '../../../app-types.ts';
import type { CurrentUser } from '../../../auth/current-user.ts';
import { projectChanged } from '../../../commands/announcements.ts';
import { publishAfterTransaction } from '../../../commands/publish-after-commit.ts';
import { notFound } from '../../../http/errors.ts';
import { authorizeInProject } from '../../../policies/authorize.ts';
import { type CreateProjectValues, insertProject } from '../../projects/commands/create-project.ts';

/**
 * A new project made from a template project (POST /api/projects/:projectId/copy), in one
 * transaction: the template's statuses (names, colours, categories, order), estimate scale, custom
 * fields turned on (and which its cards show) and task templates; none of its tasks, their history,
 * milestones or cycles. Labels belong to the organization, so the new project has them already.
 * Any member who may make a project may do it; answers the new project's id.
 */
export async function createProjectFromTemplate(
  { db, bus }: Pick<AppDeps, 'db' | 'bus'>,
  user: CurrentUser,
  {
    templateProjectId,
    values,
  }: { templateProjectId: string; values: Omit<CreateProjectValues, 'organization_id'> },
): Promise<string> {
  const organizationId = await authorizeInProject(db, user, 'project.create', templateProjectId);
  return publishAfterTransaction(
    { db, bus },
    async (trx) => {
      const template = await trx
        .selectFrom('project')
        .select('estimate_scale')
        .where('project_id', '=', templateProjectId)
        .where('deleted_at', 'is', null)
        // Locked: the statuses, fields and templates are copied as they stand at one moment.
        .forShare()
        .executeTakeFirst();
      if (!template) throw notFound('Project');
      const projectId = await insertProject(trx, user, { ...values, organization_id: organizationId });
      await trx
        .updateTable('project')
        .set({ estimate_scale: template.estimate_scale })
        .where('project_id', '=', projectId)
        .execute();
      // The new project has no task yet: its four first statuses give way to the template's.
      await trx.deleteFrom('project_status').where('project_id', '=', projectId).execute();
      await sql`
          INSERT INTO project_status (project_id, key, name, color, category, position)
          SELECT ${projectId}::uuid, key, name, color, category, position
          FROM project_status WHERE project_id = ${templateProjectId}::uuid
        `.execute(trx);
      await sql`
          INSERT INTO project_custom_field (project_id, field_id, on_card)
          SELECT ${projectId}::uuid, field_id, on_card
          FROM project_custom_field WHERE project_id = ${templateProjectId}::uuid
        `.execute(trx);
      await sql`
          INSERT INTO task_template (project_id, name, title_pattern, content_json, checklist, subtasks,
            label_ids, priority, estimate, custom_values, created_by)
          SELECT ${projectId}::uuid, name, title_pattern, content_json, checklist, subtasks, label_ids,
            priority, estimate, custom_values, ${user.user_id}::uuid
          FROM task_template WHERE project_id = ${templateProjectId}::uuid
        `.execute(trx);
      return projectId;
    },
    (projectId) => projectChanged('created', organizationId, projectId, user.user_id),
  );
}
