/** The function figgle_leave_cycle_on_move: its full current text, applied when it changes (db/database-functions.ts). */
export const figgleLeaveCycleOnMove = {
  name: 'function figgle_leave_cycle_on_move',
  text: `CREATE OR REPLACE FUNCTION public.figgle_leave_cycle_on_move()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
    BEGIN
      NEW.cycle_id := NULL;
      RETURN NEW;
    END $function$`,
};
