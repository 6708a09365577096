import type {
  DashboardTaskView,
  DashboardView,
  RemarkableReason,
  RemarkableTaskView,
} from '@figgle/shared/dashboard-schemas';
import { figmaFileUrl } from '@figgle/shared/figma';
import { iso } from '../../http/iso-time.ts';
import type {
  ActiveProjectRow,
  DashboardFigmaEventRow,
  DashboardTaskRow,
  RemarkableTaskRow,
  StatusCountRow,
  WeekRow,
} from './queries.ts';

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

function presentReason(row: RemarkableTaskRow): RemarkableReason {
  switch (row.kind) {
    case 'OVERDUE':
      return { kind: 'OVERDUE', due_on: row.due_on, due_at: row.due_at ? iso(row.due_at) : null };
    case 'DOING_TOO_LONG':
      return { kind: 'DOING_TOO_LONG', since: iso(row.since ?? new Date(0)) };
    case 'MOST_COMMENTED':
      return { kind: 'MOST_COMMENTED', comments: row.comments ?? 0 };
  }
}

/** One entry per task, in the order of its first reason, with every reason it has. */
function presentRemarkable(rows: RemarkableTaskRow[]): RemarkableTaskView[] {
  const byTask = new Map<string, RemarkableTaskView>();
  for (const row of rows) {
    const listed = byTask.get(row.task_id);
    if (listed) listed.reasons.push(presentReason(row));
    else byTask.set(row.task_id, { ...presentTask(row), reasons: [presentReason(row)] });
  }
  return [...byTask.values()];
}

export interface DashboardRows {
  counts: StatusCountRow[];
  overdue: number;
  remarkable: RemarkableTaskRow[];
  weeks: WeekRow[];
  activeProjects: ActiveProjectRow[];
  myTasks: DashboardTaskRow[];
  figmaEvents: DashboardFigmaEventRow[];
}

export function presentDashboard(rows: DashboardRows): DashboardView {
  const counters = { TODO: 0, DOING: 0, DONE: 0, ARCHIVE: 0 };
  for (const row of rows.counts) counters[row.status as keyof typeof counters] = row.count;
  return {
    counters,
    overdue: rows.overdue,
    remarkable_tasks: presentRemarkable(rows.remarkable),
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
