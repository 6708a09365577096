import { figmaFileUrl, figmaNodeUrl } from '@figgle/shared/figma';
import type { FigmaEventView, FigmaProjectOption } from '@figgle/shared/figma-schemas';
import type { FigmaEventRow, ProjectOptionRow } from './queries.ts';

export function presentFigmaEvent(row: FigmaEventRow): FigmaEventView {
  const nodeId = row.figma_client_meta?.node_id;
  return {
    figma_event_id: row.figma_event_id,
    organization_id: row.organization_id,
    figma_event_type: row.figma_event_type,
    kind: row.kind,
    figma_file_key: row.figma_file_key,
    figma_file_name: row.figma_file_name,
    figma_file_url:
      typeof nodeId === 'string'
        ? figmaNodeUrl(row.figma_file_key, nodeId)
        : figmaFileUrl(row.figma_file_key),
    figma_triggered_by: row.figma_triggered_by,
    content: row.content,
    project:
      row.project_id && row.project_name !== null
        ? {
            project_id: row.project_id,
            name: row.project_name,
            trigram: row.project_trigram ?? '',
            emoji: row.project_emoji ?? 'fox',
            organization_id: row.organization_id,
          }
        : null,
    task_id: row.task_id,
    created_at: row.created_at.toISOString(),
  };
}

export function presentProjectOption(row: ProjectOptionRow): FigmaProjectOption {
  return { ...row };
}
