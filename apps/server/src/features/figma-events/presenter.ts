import { figmaCommentText, figmaFileUrl, figmaNodeUrl } from '@figgle/shared/figma';
import type { FailedFigmaWork } from '@figgle/shared/figma-delivery-schemas';
import type { FigmaEventView, FigmaProjectOption } from '@figgle/shared/figma-schemas';
import { fileCommentSchema } from '../../figma/webhook-delivery.ts';
import type { FailedFigmaWorkRow, FigmaEventRow, ProjectOptionRow } from './queries.ts';

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

/** A failed delivery shows the comment Figma sent; a failed reply, the task it was about. */
export function presentFailedFigmaWork(row: FailedFigmaWorkRow): FailedFigmaWork {
  const common = {
    job_id: row.job_id,
    organization_id: row.organization_id,
    reason: row.last_error ?? 'Unknown reason.',
    attempts: row.attempts,
    failed_at: (row.finished_at ?? new Date()).toISOString(),
  };
  if (row.kind === 'figma_reply') {
    const taskId = row.payload.task_id;
    return {
      ...common,
      kind: 'REPLY',
      figma_file_name: row.task_file_name ?? '',
      figma_triggered_by: '',
      content: row.task_title ?? '',
      task_id: typeof taskId === 'string' && row.task_title !== null ? taskId : null,
    };
  }
  const delivery = fileCommentSchema.safeParse(row.payload);
  return {
    ...common,
    kind: 'DELIVERY',
    figma_file_name: delivery.success ? delivery.data.file_name : '',
    figma_triggered_by: delivery.success ? delivery.data.triggered_by.handle : '',
    content: delivery.success ? figmaCommentText(delivery.data.comment, delivery.data.mentions).trim() : '',
    task_id: null,
  };
}
