/** The function figgle_leave_milestone_on_move: its full current text, applied when it changes (db/database-functions.ts). */
export const figgleLeaveMilestoneOnMove = {
  name: 'function figgle_leave_milestone_on_move',
  text: `CREATE OR REPLACE FUNCTION public.figgle_leave_milestone_on_move()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
    BEGIN
      NEW.milestone_id := NULL;
      RETURN NEW;
    END $function$`,
};
