import { figmaNodeUrl } from '@figgle/shared/figma';
import type { TaskFigmaNode } from '@figgle/shared/figma-node-schemas';
import type { TaskFigmaNodeRow } from './queries.ts';

export function presentTaskFigmaNode(row: TaskFigmaNodeRow): TaskFigmaNode {
  return {
    task_figma_node_id: row.task_figma_node_id,
    task_id: row.task_id,
    file_key: row.file_key,
    node_id: row.node_id,
    source: row.source,
    url: figmaNodeUrl(row.file_key, row.node_id),
    created_at: row.created_at.toISOString(),
  };
}
