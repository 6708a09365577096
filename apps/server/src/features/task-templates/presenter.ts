import { type DeltaDocument, deltaToPlainText } from '@figgle/shared/delta';
import {
  READY_TEMPLATES,
  readyTemplateView,
  type TaskTemplateView,
} from '@figgle/shared/task-template-schemas';
import type { TaskTemplateRow } from './queries.ts';

/** A stored template as the API answers it: the description as plain text. */
export function presentTaskTemplate(row: TaskTemplateRow): TaskTemplateView {
  return {
    template_id: row.template_id,
    project_id: row.project_id,
    ready: false,
    name: row.name,
    title_pattern: row.title_pattern,
    description: deltaToPlainText(row.content_json as DeltaDocument).replace(/\n+$/, ''),
    checklist: row.checklist,
    subtasks: row.subtasks,
    label_ids: row.label_ids,
    priority: row.priority,
    estimate: row.estimate,
    custom_values: row.custom_values,
  };
}

/** The templates a project offers: the ready ones first, then its own by name. */
export function presentTemplatesOfProject(rows: readonly TaskTemplateRow[]): TaskTemplateView[] {
  return [...READY_TEMPLATES.map(readyTemplateView), ...rows.map(presentTaskTemplate)];
}
