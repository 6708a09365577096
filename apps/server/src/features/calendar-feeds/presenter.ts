import type { CalendarFeedView, CreatedCalendarFeed } from '@figgle/shared/calendar-feed-schemas';
import { cycleName } from '@figgle/shared/cycle-words';
import { type Calendar, writeCalendar } from './icalendar.ts';
import type { CalendarFeedRow, FeedCycleRow, FeedMilestoneRow, FeedTaskRow, ServedFeed } from './queries.ts';

/** A feed in its owner's list: its hash never leaves the server, nor (after creation) its address. */
export function presentCalendarFeed(row: CalendarFeedRow): CalendarFeedView {
  return {
    calendar_feed_id: row.calendar_feed_id,
    project_id: row.project_id,
    project_name: row.project_name,
    created_at: new Date(row.created_at).toISOString(),
  };
}

/** The answer to a creation: the one time the feed's address is shown. */
export function presentCreatedCalendarFeed(row: CalendarFeedRow, url: string): CreatedCalendarFeed {
  return { ...presentCalendarFeed(row), url };
}

/**
 * The feed as iCalendar text: one event per task, all-day on its due day or timed at its due time
 * (UTC), titled with its reference and linking to its page on the public URL; one all-day event
 * per milestone on its target day, linking to its project's milestones; and one all-day event per
 * cycle over its days, linking to its cycle page.
 */
export function presentFeedCalendar(
  feed: ServedFeed,
  tasks: FeedTaskRow[],
  {
    publicUrl,
    now,
    milestones = [],
    cycles = [],
  }: { publicUrl: string; now: Date; milestones?: FeedMilestoneRow[]; cycles?: FeedCycleRow[] },
): string {
  const host = new URL(publicUrl).host;
  const taskEvents: Calendar['events'] = tasks.map((task) => {
    const url = `${publicUrl}/task/${task.task_id}`;
    return {
      uid: `task-${task.task_id}@${host}`,
      stamp: now,
      summary: `${task.trigram}-${task.reference} ${task.title}`,
      description: `${task.project_name}\n${url}`,
      url,
      start: task.due_at ? { at: new Date(task.due_at) } : { day: task.due_on as string },
      lastModified: new Date(task.updated_at),
    };
  });
  const milestoneEvents: Calendar['events'] = milestones.map((milestone) => {
    const url = `${publicUrl}/project/${milestone.project_id}/milestones`;
    return {
      uid: `milestone-${milestone.milestone_id}@${host}`,
      stamp: now,
      summary: `Milestone: ${milestone.name}`,
      description: `${milestone.project_name}\n${url}`,
      url,
      start: { day: milestone.target_date },
    };
  });
  const cycleEvents: Calendar['events'] = cycles.map((cycle) => {
    const url = `${publicUrl}/project/${cycle.project_id}/cycles/${cycle.cycle_id}`;
    return {
      uid: `cycle-${cycle.cycle_id}@${host}`,
      stamp: now,
      summary: cycleName(cycle),
      description: `${cycle.project_name}\n${url}`,
      url,
      start: { day: cycle.starts_on, until: cycle.ends_on },
    };
  });
  return writeCalendar({
    name: feed.project_name ? `Figgle: ${feed.project_name}` : 'Figgle: my tasks',
    events: [...taskEvents, ...milestoneEvents, ...cycleEvents],
  });
}
