/** The trigger task_figma_node_dev_resource on task_figma_node: its full current text, applied when it changes (db/database-functions.ts). */
export const triggerTaskFigmaNodeDevResource = {
  name: 'trigger task_figma_node_dev_resource on task_figma_node',
  text: `CREATE OR REPLACE TRIGGER task_figma_node_dev_resource AFTER INSERT OR DELETE ON public.task_figma_node FOR EACH ROW EXECUTE FUNCTION figgle_dev_resource_link_changed()`,
};
