/** The trigger task_figma_node_reads_dev_status on task_figma_node: its full current text, applied when it changes (db/database-functions.ts). */
export const triggerTaskFigmaNodeReadsDevStatus = {
  name: 'trigger task_figma_node_reads_dev_status on task_figma_node',
  text: `CREATE OR REPLACE TRIGGER task_figma_node_reads_dev_status AFTER INSERT ON public.task_figma_node FOR EACH ROW EXECUTE FUNCTION figgle_read_linked_dev_status()`,
};
