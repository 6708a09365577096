import type { FigmaReadyRuleView } from '@figgle/shared/figma-dev-status-schemas';

export function presentReadyRule(row: {
  project_id: string;
  figma_ready_status: FigmaReadyRuleView['ready_status'];
}): FigmaReadyRuleView {
  return { project_id: row.project_id, ready_status: row.figma_ready_status, can_mark_completed: false };
}
