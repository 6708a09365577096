/** The function figgle_task_id: its full current text, applied when it changes (db/database-functions.ts). */
export const figgleTaskId = {
  name: 'function figgle_task_id',
  text: `CREATE OR REPLACE FUNCTION public.figgle_task_id()
 RETURNS uuid
 LANGUAGE sql
 PARALLEL SAFE
AS $function$
      SELECT encode(
        overlay(uuid_send(gen_random_uuid())
          PLACING substring(int8send(floor(extract(epoch FROM now()) * 1000)::bigint) FROM 3) || '\\x7000'::bytea
          FROM 1 FOR 8),
        'hex')::uuid
    $function$`,
};
