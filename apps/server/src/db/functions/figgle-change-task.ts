/** The function figgle_change_task: its full current text, applied when it changes (db/database-functions.ts). */
export const figgleChangeTask = {
  name: 'function figgle_change_task',
  text: `CREATE OR REPLACE FUNCTION public.figgle_change_task(p_task uuid, p_user uuid, p_roles text[], p_now timestamp with time zone, p_title text, p_status text, p_index integer, p_set_assignee boolean, p_assignee uuid, p_set_due_on boolean, p_due_on date, p_set_due_at boolean, p_due_at timestamp with time zone, p_priority text, p_set_start_on boolean, p_start_on date, OUT outcome text, OUT actor_role text, OUT column_size integer, OUT written task)
 RETURNS record
 LANGUAGE plpgsql
AS $function$
    DECLARE
      current_task task;
      organization uuid;
      new_status text;
      new_title text;
      new_assignee uuid;
      new_due_on date;
      new_due_at timestamptz;
      new_priority text;
      new_start_on date;
      due_changed boolean;
      start_changed boolean;
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
      new_due_on := CASE WHEN p_set_due_on THEN p_due_on ELSE current_task.due_on END;
      new_due_at := CASE WHEN p_set_due_at THEN p_due_at ELSE current_task.due_at END;
      new_priority := coalesce(p_priority, current_task.priority);
      new_start_on := CASE WHEN p_set_start_on THEN p_start_on ELSE current_task.start_on END;
      due_changed := new_due_on IS DISTINCT FROM current_task.due_on
        OR new_due_at IS DISTINCT FROM current_task.due_at;
      start_changed := new_start_on IS DISTINCT FROM current_task.start_on;
      moving := p_status IS NOT NULL AND (p_index IS NOT NULL OR p_status <> current_task.status);

      IF new_assignee IS DISTINCT FROM current_task.assignee_id AND new_assignee IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM rule WHERE rule.organization_id = organization
          AND rule.user_id = new_assignee) THEN
        outcome := 'not_assignable';
        RETURN;
      END IF;
      -- Judged on the values the change leaves, whichever of the two dates it sets (both at once
      -- too): a start day after the due day refuses the whole change. A due instant counts as the
      -- latest day it is anywhere (its day at UTC+14), so a start day that is fine in some viewer's
      -- zone is never refused. A change that touches neither date is not judged.
      IF (start_changed OR due_changed) AND new_start_on IS NOT NULL AND (
          (new_due_on IS NOT NULL AND new_start_on > new_due_on)
          OR (new_due_at IS NOT NULL AND new_start_on > ((new_due_at AT TIME ZONE 'UTC') + interval '14 hours')::date)) THEN
        outcome := 'start_after_due';
        RETURN;
      END IF;
      IF NOT moving AND new_title = current_task.title
        AND new_assignee IS NOT DISTINCT FROM current_task.assignee_id
        AND NOT due_changed AND NOT start_changed AND new_priority = current_task.priority THEN
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
        assignee_id = new_assignee, due_on = new_due_on, due_at = new_due_at,
        start_on = new_start_on, priority = new_priority, version = task.version + 1, updated_at = p_now,
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
      IF due_changed THEN
        metadata := metadata || jsonb_build_object('due',
          jsonb_build_object('old', figgle_due_text(current_task.due_on, current_task.due_at),
            'new', figgle_due_text(new_due_on, new_due_at)));
      END IF;
      IF start_changed THEN
        metadata := metadata || jsonb_build_object('start',
          jsonb_build_object('old', to_char(current_task.start_on, 'YYYY-MM-DD'),
            'new', to_char(new_start_on, 'YYYY-MM-DD')));
      END IF;
      IF new_priority <> current_task.priority THEN
        metadata := metadata || jsonb_build_object('priority',
          jsonb_build_object('old', current_task.priority, 'new', new_priority));
      END IF;
      IF metadata <> '{}'::jsonb THEN
        -- Whom the log row's trigger tells is answered by the calling statement (figgle_take_notified).
        PERFORM figgle_collect_notified();
        INSERT INTO log (task_id, project_id, organization_id, author_id, type, metadata)
        VALUES (p_task, current_task.project_id, organization, p_user,
          CASE WHEN metadata ? 'status' THEN 'STATUS' WHEN metadata ? 'title' THEN 'TITLE'
            WHEN metadata ? 'assignee_id' THEN 'ASSIGNEE' WHEN metadata ? 'due' THEN 'DUE_DATE'
            WHEN metadata ? 'start' THEN 'START_DATE' ELSE 'PRIORITY' END,
          metadata);
      END IF;
    END $function$`,
};
