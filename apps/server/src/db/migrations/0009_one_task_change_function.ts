import { type Kysely, sql } from 'kysely';

// What this speed device saves, what invalidates it: docs/machinery/one-statement-task-changes.md
/**
 * One implementation of every change to a task's title, status, place or assignee: the function
 * figgle_change_task below, called by features/tasks/commands/change-task.ts for a board move
 * (POST /api/kanban-update) and for a PATCH of a task alike. It replaces figgle_move_task and
 * figgle_rename_task (migrations 0004 to 0006), which only took the common cases and left the rest to
 * a TypeScript copy of the same rules. Why a change runs as one statement instead of a transaction:
 * docs/decisions/0008-speed-devices.md. Its rank is figgle_rank_between (migration 0004), the port
 * of fractional-indexing's generateKeyBetween that rank-function.test.ts compares with the library.
 *
 * The whole definition is here. A later change to what a task change does replaces the function
 * with CREATE OR REPLACE and its full text in a new migration; it never edits this text.
 *
 * figgle_column_lock_key is the only place the key of a column's advisory lock (a project's status)
 * is built: this function takes it, and so does features/tasks/column-lock.ts for a task creation.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP FUNCTION figgle_move_task(uuid, uuid, text, integer, text[], timestamptz);
    DROP FUNCTION figgle_rename_task(uuid, uuid, text, text[], timestamptz);

    CREATE FUNCTION figgle_column_lock_key(p_project uuid, p_status text) RETURNS bigint
    LANGUAGE sql IMMUTABLE AS $$
      SELECT hashtextextended(p_project::text || ':' || p_status, 0)
    $$;

    -- Changes a task as a person asked, in one statement, and says how it went:
    --   outcome 'missing'        the task or its project is gone (404);
    --           'refused'        actor_role (NULL: no rule in the organization) is not one of p_roles,
    --                            the roles policies/can.ts allows: policies/authorize.ts answers;
    --           'not_assignable' the new assignee holds no rule in the task's organization (400);
    --           'out_of_range'   p_index is past the end of the column: column_size other tasks (400);
    --           'unchanged'      every value asked is already the task's: written is the task as it is;
    --           'changed'        written is the task as written, with its new version.
    -- p_title NULL keeps the title, p_status NULL keeps the status; p_set_assignee false keeps the
    -- assignee (p_assignee NULL unassigns). With p_status, p_index is the place in that column counted
    -- without the task (0 = first); NULL is the column's end, or no move when the status stays.
    -- A changed status, title or assignee writes one log row with the old and new value of each,
    -- typed as deriveLogType (packages/shared/src/log-type.ts) would: STATUS, else TITLE, else
    -- ASSIGNEE. A reorder inside a column changes nothing a person follows, so it is logged nowhere,
    -- but it bumps the version.
    -- Each statement inside takes a fresh snapshot (a volatile function, READ COMMITTED): the
    -- neighbours are read once the column's lock is held, so they include every move made before.
    CREATE FUNCTION figgle_change_task(p_task uuid, p_user uuid, p_roles text[], p_now timestamptz,
      p_title text, p_status text, p_index integer, p_set_assignee boolean, p_assignee uuid,
      OUT outcome text, OUT actor_role text, OUT column_size integer, OUT written task)
    LANGUAGE plpgsql AS $$
    DECLARE
      current_task task;
      organization uuid;
      new_status text;
      new_title text;
      new_assignee uuid;
      moving boolean;
      ranks text[];
      before_rank text;
      after_rank text;
      new_rank text;
      spread boolean := false;
      spread_rank text;
      other record;
      metadata jsonb := '{}'::jsonb;
    BEGIN
      SELECT * INTO current_task FROM task
      WHERE task.task_id = p_task AND task.deleted_at IS NULL
      FOR UPDATE;
      IF NOT FOUND THEN outcome := 'missing'; RETURN; END IF;
      SELECT project.organization_id INTO organization FROM project
      WHERE project.project_id = current_task.project_id AND project.deleted_at IS NULL;
      IF NOT FOUND THEN outcome := 'missing'; RETURN; END IF;
      SELECT rule.role INTO actor_role FROM rule
      WHERE rule.organization_id = organization AND rule.user_id = p_user;
      IF actor_role IS NULL OR NOT actor_role = ANY (p_roles) THEN outcome := 'refused'; RETURN; END IF;

      new_title := coalesce(p_title, current_task.title);
      new_status := coalesce(p_status, current_task.status);
      new_assignee := CASE WHEN p_set_assignee THEN p_assignee ELSE current_task.assignee_id END;
      moving := p_status IS NOT NULL AND (p_index IS NOT NULL OR p_status <> current_task.status);

      IF new_assignee IS DISTINCT FROM current_task.assignee_id AND new_assignee IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM rule WHERE rule.organization_id = organization
          AND rule.user_id = new_assignee) THEN
        outcome := 'not_assignable';
        RETURN;
      END IF;
      IF NOT moving AND new_title = current_task.title
        AND new_assignee IS NOT DISTINCT FROM current_task.assignee_id THEN
        outcome := 'unchanged';
        written := current_task;
        RETURN;
      END IF;

      new_rank := current_task.rank;
      IF moving THEN
        PERFORM pg_advisory_xact_lock(figgle_column_lock_key(current_task.project_id, new_status));
        LOOP
          before_rank := NULL;
          after_rank := NULL;
          IF p_index IS NULL THEN
            SELECT other_task.rank INTO before_rank FROM task AS other_task
            WHERE other_task.project_id = current_task.project_id AND other_task.status = new_status
              AND other_task.deleted_at IS NULL AND other_task.task_id <> p_task
            ORDER BY other_task.rank DESC LIMIT 1;
          ELSE
            -- Ordered by rank alone, as the board index (project_id, status, rank) hands rows over.
            ranks := ARRAY(
              SELECT other_task.rank FROM task AS other_task
              WHERE other_task.project_id = current_task.project_id AND other_task.status = new_status
                AND other_task.deleted_at IS NULL AND other_task.task_id <> p_task
              ORDER BY other_task.rank
              OFFSET greatest(p_index - 1, 0) LIMIT CASE WHEN p_index = 0 THEN 1 ELSE 2 END
            );
            IF p_index = 0 THEN
              after_rank := ranks[1];
            ELSIF cardinality(ranks) = 0 THEN
              SELECT count(*) INTO column_size FROM task AS other_task
              WHERE other_task.project_id = current_task.project_id AND other_task.status = new_status
                AND other_task.deleted_at IS NULL AND other_task.task_id <> p_task;
              outcome := 'out_of_range';
              RETURN;
            ELSE
              before_rank := ranks[1];
              after_rank := ranks[2];
            END IF;
          END IF;
          new_rank := figgle_rank_between(before_rank, after_rank);
          EXIT WHEN new_rank IS NOT NULL;
          IF spread THEN
            RAISE EXCEPTION 'figgle_change_task: no rank between % and % after spreading the column',
              before_rank, after_rank;
          END IF;
          -- Two tasks share a rank (a write that did not take the column's lock): give the column
          -- fresh ranks in its order (a0, a1, …, as generateNKeysBetween would), then place again.
          spread := true;
          spread_rank := NULL;
          FOR other IN
            SELECT other_task.task_id FROM task AS other_task
            WHERE other_task.project_id = current_task.project_id AND other_task.status = new_status
              AND other_task.deleted_at IS NULL AND other_task.task_id <> p_task
            ORDER BY other_task.rank, other_task.task_id
          LOOP
            spread_rank := figgle_rank_between(spread_rank, NULL);
            UPDATE task SET rank = spread_rank WHERE task.task_id = other.task_id;
          END LOOP;
        END LOOP;
      END IF;

      UPDATE task SET title = new_title, status = new_status, rank = new_rank,
        assignee_id = new_assignee, version = task.version + 1, updated_at = p_now,
        last_modified_by = p_user
      WHERE task.task_id = p_task
      RETURNING * INTO written;
      outcome := 'changed';

      IF new_status <> current_task.status THEN
        metadata := metadata || jsonb_build_object('status',
          jsonb_build_object('old', current_task.status, 'new', new_status));
      END IF;
      IF new_title <> current_task.title THEN
        metadata := metadata || jsonb_build_object('title',
          jsonb_build_object('old', current_task.title, 'new', new_title));
      END IF;
      IF new_assignee IS DISTINCT FROM current_task.assignee_id THEN
        metadata := metadata || jsonb_build_object('assignee_id',
          jsonb_build_object('old', current_task.assignee_id, 'new', new_assignee));
      END IF;
      IF metadata <> '{}'::jsonb THEN
        INSERT INTO log (task_id, project_id, organization_id, author_id, type, metadata)
        VALUES (p_task, current_task.project_id, organization, p_user,
          CASE WHEN metadata ? 'status' THEN 'STATUS' WHEN metadata ? 'title' THEN 'TITLE'
            ELSE 'ASSIGNEE' END,
          metadata);
      END IF;
    END $$;
  `.execute(db);
}

// No down: the functions this one replaced had a TypeScript half that is gone.
