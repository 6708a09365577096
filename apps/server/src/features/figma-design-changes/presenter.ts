import { type DesignChangeView, figmaVersionUrl } from '@figgle/shared/design-change-schemas';
import type { DesignChangeRow } from './queries.ts';

export function presentDesignChange(taskId: string, row: DesignChangeRow): DesignChangeView {
  const image = (side: 'before' | 'after') =>
    `/api/tasks/${taskId}/design-changes/${row.task_figma_node_id}/${side}`;
  const versionId = row.latest_version_id ?? '';
  return {
    task_figma_node_id: row.task_figma_node_id,
    file_key: row.file_key,
    node_id: row.node_id,
    changed_at: new Date(row.design_changed_at ?? row.latest_version_at ?? Date.now()).toISOString(),
    version: { id: versionId, label: row.latest_version_label, author: row.latest_version_author },
    figma_url: figmaVersionUrl(row.file_key, versionId, row.node_id),
    before_image_url: image('before'),
    after_image_url: image('after'),
  };
}

/** A design's picture before or after its change: private, and "before" moves when the assignee looks. */
export function presentVersionImage(bytes: Buffer) {
  return {
    headers: {
      'content-type': 'image/png',
      'cache-control': 'private, max-age=60',
      'x-content-type-options': 'nosniff',
    },
    body: bytes,
  };
}
