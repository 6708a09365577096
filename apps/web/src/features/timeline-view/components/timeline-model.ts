import { statusOrder } from '@figgle/shared/status';
import type {
  ProjectTimeline,
  TimelineGroup,
  TimelineTask,
  TimelineZoom,
} from '@figgle/shared/timeline-view-schemas';
import { t } from '../../../lib/i18n/i18n';
import { shownStatusName } from '../../../shared/status-name';
import { dayOf, dayOfInstant, mondayOf, today } from './days';

/** Pixels per day at each zoom. */
export const DAY_WIDTH: Record<TimelineZoom, number> = { week: 36, month: 12, quarter: 4 };
export const ROW_HEIGHT = 32;
export const LABEL_WIDTH = 240;
export const HEADER_HEIGHT = 40;

export interface Bar {
  task: TimelineTask;
  /** "WEB-12". */
  label: string;
  start: number;
  /** The last day, included. */
  end: number;
  /** 0 at the top; a sub-task drawn under its parent is one deeper. */
  depth: number;
  /** The references of its blockers that end on or after the day it starts. */
  startsBefore: string[];
}

export type Row =
  | { kind: 'group'; key: string; label: string; count: number; target: number | null }
  | { kind: 'task'; bar: Bar };

export interface Arrow {
  from: string;
  to: string;
  /** The blocked task starts before its blocker ends. */
  late: boolean;
}

export interface TimelineLayout {
  rows: Row[];
  /** Row index of each task's bar. */
  rowOf: Map<string, number>;
  bars: Map<string, Bar>;
  arrows: Arrow[];
  undated: TimelineTask[];
  /** First and last day of the axis. */
  from: number;
  to: number;
}

/** The days a task spans: start to due, either alone is one day; null without any date. */
export function spanOf(task: TimelineTask): { start: number; end: number } | null {
  const due = task.due_on ? dayOf(task.due_on) : task.due_at ? dayOfInstant(task.due_at) : null;
  const start = task.start_date ? dayOf(task.start_date) : null;
  if (start === null && due === null) return null;
  return { start: start ?? due!, end: Math.max(due ?? start!, start ?? due!) };
}

function personName(person: { firstname: string; lastname: string }): string {
  return `${person.firstname} ${person.lastname}`.trim() || t('timeline.someone');
}

interface GroupOf {
  key: string;
  label: string;
  order: number | string;
  target: number | null;
}

/** A project's status as the timeline groups by it: its key and name, in the board's order. */
export interface TimelineStatus {
  key: string;
  name: string;
}

function groupsOf(
  data: ProjectTimeline,
  group: TimelineGroup,
  statuses: readonly TimelineStatus[],
): (task: TimelineTask) => GroupOf {
  if (group === 'status') {
    // The project's own names and order; a status not (yet) among them after the known ones.
    const known = new Map(statuses.map((status, index) => [status.key, { name: status.name, index }]));
    return (task) => {
      const status = known.get(task.status);
      return {
        key: task.status,
        label: shownStatusName(task.status, status?.name),
        order: status ? status.index : statuses.length + statusOrder(task.status),
        target: null,
      };
    };
  }
  if (group === 'assignee')
    return (task) =>
      task.assignee
        ? {
            key: task.assignee.user_id,
            label: personName(task.assignee),
            order: `0${personName(task.assignee)}`,
            target: null,
          }
        : { key: 'none', label: t('timeline.unassigned'), order: '1', target: null };
  const milestones = new Map(
    data.milestones.map((milestone, index) => [milestone.milestone_id, { milestone, index }]),
  );
  return (task) => {
    const found = task.milestone_id ? milestones.get(task.milestone_id) : undefined;
    return found
      ? {
          key: found.milestone.milestone_id,
          label: found.milestone.name,
          order: found.index,
          target: dayOf(found.milestone.target_date),
        }
      : { key: 'none', label: t('timeline.noMilestone'), order: data.milestones.length, target: null };
  };
}

/**
 * Rows, bars and arrows for a project's timeline: dated tasks in groups (in the groups' own order),
 * sub-tasks right under their parent when both are dated and in the same group; undated tasks apart.
 */
export function layoutTimeline(
  data: ProjectTimeline,
  group: TimelineGroup,
  statuses: readonly TimelineStatus[] = [],
): TimelineLayout {
  const reference = (task: TimelineTask) => `${data.trigram}-${task.reference}`;
  const spans = new Map<string, { start: number; end: number }>();
  const undated: TimelineTask[] = [];
  for (const task of data.tasks) {
    const span = spanOf(task);
    if (span) spans.set(task.task_id, span);
    else undated.push(task);
  }

  const groupOf = groupsOf(data, group, statuses);
  const groups = new Map<string, { info: GroupOf; tasks: TimelineTask[] }>();
  for (const task of data.tasks) {
    if (!spans.has(task.task_id)) continue;
    const info = groupOf(task);
    const entry = groups.get(info.key) ?? { info, tasks: [] };
    entry.tasks.push(task);
    groups.set(info.key, entry);
  }

  const blockersOf = new Map<string, string[]>();
  for (const pair of data.blocks) {
    const list = blockersOf.get(pair.to_task_id) ?? [];
    list.push(pair.from_task_id);
    blockersOf.set(pair.to_task_id, list);
  }
  const byId = new Map(data.tasks.map((task) => [task.task_id, task]));

  const rows: Row[] = [];
  const rowOf = new Map<string, number>();
  const bars = new Map<string, Bar>();
  const byStart = (a: TimelineTask, b: TimelineTask) =>
    spans.get(a.task_id)!.start - spans.get(b.task_id)!.start || a.reference - b.reference;
  const ordered = [...groups.values()].sort((a, b) =>
    a.info.order < b.info.order ? -1 : a.info.order > b.info.order ? 1 : 0,
  );
  for (const { info, tasks } of ordered) {
    rows.push({ kind: 'group', key: info.key, label: info.label, count: tasks.length, target: info.target });
    const inGroup = new Set(tasks.map((task) => task.task_id));
    const children = new Map<string, TimelineTask[]>();
    const roots: TimelineTask[] = [];
    for (const task of tasks) {
      if (task.parent_id && inGroup.has(task.parent_id)) {
        const list = children.get(task.parent_id) ?? [];
        list.push(task);
        children.set(task.parent_id, list);
      } else roots.push(task);
    }
    const place = (task: TimelineTask, depth: number) => {
      if (rowOf.has(task.task_id)) return; // a loop of parents cannot be drawn twice
      const span = spans.get(task.task_id)!;
      const startsBefore = (blockersOf.get(task.task_id) ?? [])
        .filter((blocker) => {
          const blockerSpan = spans.get(blocker);
          return blockerSpan !== undefined && span.start <= blockerSpan.end;
        })
        .map((blocker) => reference(byId.get(blocker)!));
      const bar: Bar = { task, label: reference(task), ...span, depth, startsBefore };
      rowOf.set(task.task_id, rows.length);
      bars.set(task.task_id, bar);
      rows.push({ kind: 'task', bar });
      for (const child of (children.get(task.task_id) ?? []).sort(byStart)) place(child, depth + 1);
    };
    for (const root of roots.sort(byStart)) place(root, 0);
  }

  const arrows: Arrow[] = [];
  for (const pair of data.blocks) {
    const from = bars.get(pair.from_task_id);
    const to = bars.get(pair.to_task_id);
    if (from && to) arrows.push({ from: pair.from_task_id, to: pair.to_task_id, late: to.start <= from.end });
  }

  let first = today();
  let last = first;
  for (const span of spans.values()) {
    first = Math.min(first, span.start);
    last = Math.max(last, span.end);
  }
  for (const milestone of data.milestones) last = Math.max(last, dayOf(milestone.target_date));
  return { rows, rowOf, bars, arrows, undated, from: mondayOf(first - 14), to: mondayOf(last + 35) - 1 };
}

/**
 * The shortest chain of "blocks" pairs from `from` to `to` (the ids along it, both ends included), or
 * null when `from` does not block `to`, directly or through other tasks.
 */
export function chainOfBlocks(blocks: ProjectTimeline['blocks'], from: string, to: string): string[] | null {
  const next = new Map<string, string[]>();
  for (const pair of blocks)
    next.set(pair.from_task_id, [...(next.get(pair.from_task_id) ?? []), pair.to_task_id]);
  const cameFrom = new Map<string, string>([[from, from]]);
  const queue = [from];
  for (let index = 0; index < queue.length; index++) {
    const task = queue[index]!;
    for (const blocked of next.get(task) ?? []) {
      if (cameFrom.has(blocked)) continue;
      cameFrom.set(blocked, task);
      if (blocked === to) {
        const chain = [to];
        while (chain[0] !== from) chain.unshift(cameFrom.get(chain[0]!)!);
        return chain;
      }
      queue.push(blocked);
    }
  }
  return null;
}
