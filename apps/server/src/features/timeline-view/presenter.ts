import type { ProjectTimeline } from '@figgle/shared/timeline-view-schemas';
import type { TimelineRows } from './queries.ts';

/** Exactly the fields the Timeline view draws; nothing of a task's content or its log. */
export function presentTimeline(rows: TimelineRows): ProjectTimeline {
  return {
    project_id: rows.projectId,
    trigram: rows.trigram,
    tasks: rows.tasks.map((task) => ({
      task_id: task.task_id,
      reference: task.reference,
      title: task.title,
      status: task.status,
      assignee: task.assignee_id
        ? {
            user_id: task.assignee_id,
            firstname: task.assignee_firstname ?? '',
            lastname: task.assignee_lastname ?? '',
          }
        : null,
      start_date: task.start_date,
      due_on: task.due_on,
      due_at: task.due_at ? task.due_at.toISOString() : null,
      parent_id: task.parent_id,
      milestone_id: task.milestone_id,
    })),
    milestones: rows.milestones,
    blocks: rows.blocks,
  };
}
