import type {
  MyTaskView,
  PersonView,
  TaskDetailView,
  TaskProjectView,
  TaskSummaryView,
} from '@figgle/shared/task-schemas';
import type { TaskDetailRow, TaskProjectRow, TaskSummaryRow } from './queries.ts';

function iso(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

function person(userId: string | null, firstname: string | null, lastname: string | null): PersonView | null {
  if (!userId) return null;
  return { user_id: userId, firstname: firstname ?? '', lastname: lastname ?? '' };
}

export function presentTaskSummary(row: TaskSummaryRow): TaskSummaryView {
  return {
    task_id: row.task_id,
    project_id: row.project_id,
    reference: row.reference,
    title: row.title,
    status: row.status,
    rank: row.rank,
    assignee: person(row.assignee_id, row.assignee_firstname, row.assignee_lastname),
    due_on: row.due_on,
    due_at: row.due_at,
    start_date: row.start_date,
    priority: row.priority,
    labels: row.labels.map((label) => ({ label_id: label.label_id, name: label.name, color: label.color })),
    checklist: { done: Number(row.checklist.done), total: Number(row.checklist.total) },
    parent_id: row.parent_id,
    estimate: row.estimate,
    cycle_id: row.cycle_id,
    subtasks: row.subtasks && { done: Number(row.subtasks.done), total: Number(row.subtasks.total) },
    blocked_by: Number(row.blocked_by),
    last_modifier: person(row.last_modified_by, row.modifier_firstname, row.modifier_lastname),
    comments_total: row.comments_total,
    author_id: row.author_id,
    author_name: row.author_name,
    is_from_figma: row.is_from_figma,
    design_status: row.design_status,
    version: row.version,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

function presentTaskProject(row: TaskSummaryRow & TaskProjectRow): TaskProjectView {
  return {
    project_id: row.project_id,
    name: row.project_name,
    trigram: row.project_trigram,
    emoji: row.project_emoji,
    organization_id: row.organization_id,
  };
}

export function presentMyTask(row: TaskSummaryRow & TaskProjectRow): MyTaskView {
  return { ...presentTaskSummary(row), project: presentTaskProject(row) };
}

export function presentTaskDetail(row: TaskDetailRow): TaskDetailView {
  return {
    ...presentTaskSummary(row),
    content_json: row.content_json,
    figma_client_meta: row.figma_client_meta,
    milestone_id: row.milestone_id,
    author: person(row.author_id, row.author_firstname, row.author_lastname),
    project: presentTaskProject(row),
  };
}
