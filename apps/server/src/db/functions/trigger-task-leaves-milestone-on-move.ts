/** The trigger task_leaves_milestone_on_move on task: its full current text, applied when it changes (db/database-functions.ts). */
export const triggerTaskLeavesMilestoneOnMove = {
  name: 'trigger task_leaves_milestone_on_move on task',
  text: `CREATE OR REPLACE TRIGGER task_leaves_milestone_on_move BEFORE UPDATE OF project_id ON public.task FOR EACH ROW WHEN (((new.project_id IS DISTINCT FROM old.project_id) AND (new.milestone_id IS NOT NULL))) EXECUTE FUNCTION figgle_leave_milestone_on_move()`,
};
