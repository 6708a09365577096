import { figmaCommentText, figmaFileUrl, figmaNodeUrl } from '@figgle/shared/figma';
import type { FailedFigmaWork } from '@figgle/shared/figma-delivery-schemas';
import type { FigmaEventView } from '@figgle/shared/figma-schemas';
import { fileCommentSchema } from '../../figma/webhook-delivery.ts';
import {
  FIGMA_DESIGN_CHANGE_JOB,
  FIGMA_DEV_RESOURCE_JOB,
  FIGMA_DEV_STATUS_JOB,
  FIGMA_DEV_STATUS_READ_JOB,
  FIGMA_REPLY_JOB,
} from '../../jobs/job-kinds.ts';
import type { FailedFigmaWorkRow, FigmaEventRow } from './queries.ts';

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

/** What a failed delivery of a new version or a Dev Mode status says: its file and who made it. */
function deliveryFacts(payload: Record<string, unknown>): { file: string; by: string } {
  const fileName = payload.file_name;
  const triggeredBy = payload.triggered_by;
  const handle =
    triggeredBy && typeof triggeredBy === 'object' ? (triggeredBy as { handle?: unknown }).handle : undefined;
  return {
    file: typeof fileName === 'string' ? fileName.slice(0, 300) : '',
    by: typeof handle === 'string' ? handle.slice(0, 300) : '',
  };
}

/**
 * A failed delivery shows the comment Figma sent; a failed reply or dev resource, the task it was
 * about; a failed version or Dev Mode delivery, its file and who made the change.
 */
export function presentFailedFigmaWork(row: FailedFigmaWorkRow): FailedFigmaWork {
  const common = {
    job_id: row.job_id,
    organization_id: row.organization_id,
    reason: row.last_error ?? 'Unknown reason.',
    attempts: row.attempts,
    failed_at: (row.finished_at ?? new Date()).toISOString(),
  };
  // A reply's or a dev resource's task, while it exists.
  const taskId =
    typeof row.payload.task_id === 'string' && row.task_title !== null ? row.payload.task_id : null;
  if (row.kind === FIGMA_REPLY_JOB) {
    return {
      ...common,
      kind: 'REPLY',
      figma_file_name: row.task_file_name ?? '',
      figma_triggered_by: '',
      content: row.task_title ?? '',
      task_id: taskId,
    };
  }
  if (row.kind === FIGMA_DEV_RESOURCE_JOB) {
    return {
      ...common,
      kind: 'DEV_RESOURCE',
      figma_file_name: '',
      figma_triggered_by: '',
      content: row.task_title ?? '',
      task_id: taskId,
    };
  }
  if (
    row.kind === FIGMA_DESIGN_CHANGE_JOB ||
    row.kind === FIGMA_DEV_STATUS_JOB ||
    row.kind === FIGMA_DEV_STATUS_READ_JOB
  ) {
    const facts = deliveryFacts(row.payload);
    return {
      ...common,
      kind: row.kind === FIGMA_DESIGN_CHANGE_JOB ? 'DESIGN_CHANGE' : 'DEV_STATUS',
      figma_file_name: facts.file,
      figma_triggered_by: facts.by,
      content: '',
      task_id: null,
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
