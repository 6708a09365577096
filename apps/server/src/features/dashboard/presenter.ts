import type { DashboardTaskView, DashboardView } from '@figgle/shared/dashboard-schemas';
import { figmaFileUrl } from '@figgle/shared/figma';
import type {
  ActiveProjectRow,
  DashboardFigmaEventRow,
  DashboardTaskRow,
  StatusCountRow,
  WeekRow,
} from './queries.ts';

function iso(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

function presentTask(row: DashboardTaskRow): DashboardTaskView {
  return {
    task_id: row.task_id,
    reference: row.reference,
    title: row.title,
    status: row.status,
    updated_at: iso(row.updated_at),
    project: {
      project_id: row.project_id,
      name: row.project_name,
      emoji: row.project_emoji,
      trigram: row.project_trigram,
    },
  };
}

function presentFigmaEvent(row: DashboardFigmaEventRow): DashboardView['figma_events'][number] {
  return {
    figma_event_id: row.figma_event_id,
    kind: row.kind,
    content: row.content,
    figma_triggered_by: row.figma_triggered_by,
    figma_file_name: row.figma_file_name,
    figma_file_url: figmaFileUrl(row.figma_file_key),
    project:
      row.project_id && row.project_name !== null
        ? {
            project_id: row.project_id,
            name: row.project_name,
            emoji: row.project_emoji ?? 'fox',
            trigram: row.project_trigram ?? '',
          }
        : null,
    task_id: row.task_id,
    created_at: iso(row.created_at),
  };
}

export interface DashboardRows {
  counts: StatusCountRow[];
  weeks: WeekRow[];
  activeProjects: ActiveProjectRow[];
  myTasks: DashboardTaskRow[];
  figmaEvents: DashboardFigmaEventRow[];
}

export function presentDashboard(rows: DashboardRows): DashboardView {
  const counters = { TODO: 0, DOING: 0, DONE: 0, ARCHIVE: 0 };
  for (const row of rows.counts) counters[row.status] = row.count;
  return {
    counters,
    weeks: rows.weeks.map((week) => ({
      week_start: week.week_start,
      created: week.created,
      completed: week.completed,
    })),
    active_projects: rows.activeProjects.map((project) => ({
      project_id: project.project_id,
      name: project.name,
      emoji: project.emoji,
      trigram: project.trigram,
      activity: project.activity,
    })),
    my_tasks: {
      TODO: rows.myTasks.filter((task) => task.status === 'TODO').map(presentTask),
      DOING: rows.myTasks.filter((task) => task.status === 'DOING').map(presentTask),
    },
    figma_events: rows.figmaEvents.map(presentFigmaEvent),
  };
}
