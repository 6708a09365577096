import type { TaskDevResource } from '@figgle/shared/figma-dev-resource-schemas';
import type { DevResourceRow } from './queries.ts';
import { REFUSED, refusalReason } from './refusal-words.ts';

export function presentDevResource(row: DevResourceRow): TaskDevResource {
  const refused = row.dev_resource_state !== 'pending' && row.dev_resource_state !== 'linked';
  return {
    task_figma_node_id: row.task_figma_node_id,
    state: row.dev_resource_state,
    message: refused ? (row.dev_resource_error ?? REFUSED) : null,
    reason: refused ? refusalReason(row.dev_resource_error) : null,
  };
}
