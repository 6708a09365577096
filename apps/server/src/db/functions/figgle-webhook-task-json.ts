/** The function figgle_webhook_task_json: its full current text, applied when it changes (db/database-functions.ts). */
export const figgleWebhookTaskJson = {
  name: 'function figgle_webhook_task_json',
  text: `CREATE OR REPLACE FUNCTION public.figgle_webhook_task_json(t task, org uuid)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
AS $function$
      SELECT jsonb_build_object('task_id', t.task_id, 'organization_id', org, 'project_id', t.project_id,
        'reference', t.reference, 'title', t.title, 'status', t.status, 'assignee_id', t.assignee_id,
        'priority', t.priority, 'due_on', to_char(t.due_on, 'YYYY-MM-DD'), 'due_at', t.due_at,
        'created_at', t.created_at, 'updated_at', t.updated_at)
    $function$`,
};
