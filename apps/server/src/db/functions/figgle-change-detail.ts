/** The function figgle_change_detail: its full current text, applied when it changes (db/database-functions.ts). */
export const figgleChangeDetail = {
  name: 'function figgle_change_detail',
  text: `CREATE OR REPLACE FUNCTION public.figgle_change_detail(p_metadata jsonb, p_key text)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE
AS $function$
    DECLARE
      change jsonb := p_metadata -> p_key;
    BEGIN
      IF p_key = 'assignee_id' THEN
        RETURN jsonb_build_object('field', 'assignee',
          'from', to_jsonb(figgle_person_name(figgle_uuid_or_null(change ->> 'old'))),
          'to', to_jsonb(figgle_person_name(figgle_uuid_or_null(change ->> 'new'))));
      ELSIF p_key = 'labels' AND jsonb_typeof(change -> 'old') = 'array'
        AND jsonb_typeof(change -> 'new') = 'array' THEN
        RETURN jsonb_build_object('field', 'labels',
          'from', (SELECT coalesce(jsonb_agg(label -> 'name'), '[]'::jsonb)
                   FROM jsonb_array_elements(change -> 'old') AS label),
          'to', (SELECT coalesce(jsonb_agg(label -> 'name'), '[]'::jsonb)
                 FROM jsonb_array_elements(change -> 'new') AS label));
      END IF;
      RETURN jsonb_build_object('field', CASE p_key WHEN 'due' THEN 'due_date' ELSE p_key END,
        'from', change -> 'old', 'to', change -> 'new');
    END $function$`,
};
