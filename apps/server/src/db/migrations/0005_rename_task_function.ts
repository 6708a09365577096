import { type Kysely, sql } from 'kysely';

/**
 * A title change in one statement (features/tasks/commands/update-task.ts renameTaskInOneStatement),
 * as figgle_move_task is for a drag: the lock with the role check, the write and its TITLE log row,
 * with no BEGIN and COMMIT around them. No row when the task is missing, not the user's to change
 * (roles: those the policy allows) or already has that title: the caller's full path then answers.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION figgle_rename_task(p_task uuid, p_user uuid, p_title text, p_roles text[],
      p_now timestamptz) RETURNS SETOF task
    LANGUAGE plpgsql AS $$
    DECLARE
      renaming record;
    BEGIN
      SELECT task.project_id, task.title, project.organization_id INTO renaming
      FROM task
      JOIN project ON project.project_id = task.project_id
      JOIN rule ON rule.organization_id = project.organization_id AND rule.user_id = p_user
      WHERE task.task_id = p_task AND task.deleted_at IS NULL AND project.deleted_at IS NULL
        AND rule.role = ANY (p_roles)
      FOR UPDATE OF task;
      IF NOT FOUND OR renaming.title = p_title THEN RETURN; END IF;
      RETURN QUERY
        UPDATE task SET title = p_title, version = version + 1, updated_at = p_now, last_modified_by = p_user
        WHERE task_id = p_task
        RETURNING *;
      INSERT INTO log (task_id, project_id, organization_id, author_id, type, metadata)
      VALUES (p_task, renaming.project_id, renaming.organization_id, p_user, 'TITLE',
        jsonb_build_object('title', jsonb_build_object('old', renaming.title, 'new', p_title)));
    END $$;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP FUNCTION figgle_rename_task(uuid, uuid, text, text[], timestamptz)`.execute(db);
}
