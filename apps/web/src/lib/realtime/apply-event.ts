import type { CommentView } from '@figgle/shared/comment-schemas';
import type { ProjectView } from '@figgle/shared/project-schemas';
import { type EventFrame, type ParsedTopic, parseTopic } from '@figgle/shared/realtime-protocol';
import type { MyTaskView, TaskDetailView, TaskSummaryView } from '@figgle/shared/task-schemas';
import type { TimelineView } from '@figgle/shared/timeline-schemas';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { queryKeys } from '../../shared/api/query-keys';
import type { InvalidationBatch } from './invalidation-batch';
import { type InboxStatus, inboxStatusQueryKey, notificationsQueryKey } from './query-keys';

export interface EventContext {
  queryClient: QueryClient;
  invalidate: InvalidationBatch;
  /** The signed-in user. */
  userId: string | null;
  /** The page the tab shows. */
  pathname: string;
  /**
   * Inside a `batch` frame (applyRealtimeEvents): the board and My tasks writes are gathered here and
   * written once per list, not once per task.
   */
  gathered?: GatheredWrites;
  /** The inbox's Everything tab is on screen: new activity is seen as it comes, and lights no dot. */
  inboxEverythingShown?: boolean;
}

type Versioned = { task_id: string; version: number };

/** Inserts or replaces by task id; an older version never replaces a newer one. */
function upsertTask<T extends Versioned>(list: T[] | undefined, task: T): T[] | undefined {
  if (!list) return list;
  const index = list.findIndex((item) => item.task_id === task.task_id);
  if (index === -1) return [...list, task];
  if (list[index]!.version > task.version) return list;
  const next = [...list];
  next[index] = { ...list[index]!, ...task };
  return next;
}

function removeTask<T extends Versioned>(list: T[] | undefined, taskId: string): T[] | undefined {
  if (!list?.some((item) => item.task_id === taskId)) return list;
  return list.filter((item) => item.task_id !== taskId);
}

/** A task to put in a list (by upsertTask's rule), or the id of one to take out. */
type TaskWrite<T> = { task: T } | { taskId: string };

/**
 * What upsertTask and removeTask would do, one write after the other, on one copy of the list: a bulk
 * change's 500 tasks cost one pass and one copy of a 1,000-task board, not 500 of each (docs/machinery/bulk-changes.md).
 * The same list comes back when nothing changed.
 */
function writeTasks<T extends Versioned>(
  list: T[] | undefined,
  writes: readonly TaskWrite<T>[],
): T[] | undefined {
  if (!list) return list;
  let next: Array<T | null> | null = null;
  let at: Map<string, number> | null = null;
  const place = () => {
    at ??= new Map(list.map((item, index) => [item.task_id, index]));
    return at;
  };
  for (const write of writes) {
    const taskId = 'task' in write ? write.task.task_id : write.taskId;
    const index = place().get(taskId);
    const current = index === undefined ? undefined : (next ?? list)[index];
    if ('task' in write) {
      if (current && current.version > write.task.version) continue;
      next ??= [...list];
      if (index === undefined || !current) {
        place().set(taskId, next.length);
        next.push(write.task);
      } else next[index] = { ...current, ...write.task };
    } else if (index !== undefined && current) {
      next ??= [...list];
      next[index] = null;
      place().delete(taskId);
    }
  }
  return next ? next.filter((item): item is T => item !== null) : list;
}

/** The list writes of one `batch` frame, by query: applied by applyRealtimeEvents after its last event. */
interface GatheredWrites {
  board: Map<string, TaskWrite<TaskSummaryView>[]>;
  myTasks: TaskWrite<MyTaskView>[];
}

/**
 * Applies a `batch` frame's events (one change of many tasks): each event as applyRealtimeEvent
 * does, but the board's and My tasks' lists are written once each, after the last event.
 */
export function applyRealtimeEvents(frames: readonly EventFrame[], context: EventContext): void {
  const gathered: GatheredWrites = { board: new Map(), myTasks: [] };
  for (const frame of frames) applyRealtimeEvent(frame, { ...context, gathered });
  const { queryClient } = context;
  for (const [projectId, writes] of gathered.board) {
    const key = queryKeys.projectTasks(projectId);
    readAgainIfReading(key, context);
    queryClient.setQueryData<TaskSummaryView[]>(key, (list) => writeTasks(list, writes));
  }
  if (gathered.myTasks.length > 0) {
    readAgainIfReading(queryKeys.myTasks, context);
    queryClient.setQueryData<MyTaskView[]>(queryKeys.myTasks, (list) => writeTasks(list, gathered.myTasks));
  }
}

/**
 * Applies one live event to the query cache: the entity in the event replaces the cached copy where
 * the key is known (lists, board, my tasks, task page, projects); what cannot be patched (change
 * logs, inbox, radar) is invalidated in a batch.
 */
export function applyRealtimeEvent(frame: EventFrame, context: EventContext): void {
  const topic = parseTopic(frame.topic);
  if (!topic) return;
  if (changesSearchResults(frame, topic.type) && holdsSearchAnswers(context.queryClient))
    context.invalidate.add(queryKeys.search);
  switch (topic.type) {
    case 'tasks':
      if (frame.kind === 'task') applyBoardTask(frame, topic.projectId, context);
      // A task done, added or removed moves its milestone's progress and forecast.
      if (frame.kind === 'task') context.invalidate.add(queryKeys.milestones(topic.projectId), true);
      // And its cycle's figures and burn-up (the cycles page).
      if (frame.kind === 'task') context.invalidate.add(queryKeys.cycles(topic.projectId));
      // The timeline draws dates, parents, milestones and arrows the event does not carry.
      if (frame.kind === 'task') context.invalidate.add(queryKeys.projectTimeline(topic.projectId), true);
      // A linked design changed, or its assignee saw it: the cards' "Design changed" mark.
      if (frame.kind === 'task')
        context.invalidate.add(queryKeys.projectDesignChanges(topic.projectId), true);
      // A custom field's value changed: the list's columns, the board's lines, the task page.
      if (frame.kind === 'task') context.invalidate.add(queryKeys.projectCustomFields(topic.projectId), true);
      return;
    case 'my-tasks':
      if (frame.kind === 'task') applyMyTask(frame, context);
      return;
    case 'task':
      applyTaskPage(frame, topic.taskId, context);
      // The task page's custom fields are its project's answer: a value set elsewhere shows here.
      if (frame.kind === 'task' && frame.action !== 'deleted' && frame.projectId)
        context.invalidate.add(queryKeys.projectCustomFields(frame.projectId), true);
      return;
    case 'projects':
      applyOrganization(frame, topic.organizationId, context);
      return;
    case 'inbox':
      applyInbox(context);
      return;
    case 'figma-events':
      context.invalidate.add(queryKeys.figmaEvents);
      return;
    case 'notifications':
      // Told something, or read it on another tab: the count and "For me" are read again.
      context.invalidate.add(notificationsQueryKey);
      return;
    case 'presence':
      return;
  }
}

/**
 * Search answers (the palette, the search page) hold copies of tasks, comments and projects: the
 * open ones are read again after a change by someone else (the inbox topic carries those of every
 * organization of the user) and after a project changes (its name, a task added or deleted).
 */
function changesSearchResults(frame: EventFrame, topicType: ParsedTopic['type']): boolean {
  if (topicType === 'inbox') return frame.kind === 'task' || frame.kind === 'comment';
  return topicType === 'projects' && frame.kind === 'project';
}

const holdsSearchAnswers = (queryClient: QueryClient) =>
  queryClient.getQueryCache().find({ queryKey: queryKeys.search, exact: false }) !== undefined;

/**
 * A read of `key` still on its way may have been answered before this change, and its answer would
 * put the change back on screen for good. Such a read is asked again: the batch's invalidation
 * cancels it and reads anew, after the change.
 */
function readAgainIfReading(key: QueryKey, { queryClient, invalidate }: EventContext): void {
  if (queryClient.getQueryState(key)?.fetchStatus === 'fetching') invalidate.add(key, true);
}

function applyBoardTask(frame: EventFrame, projectId: string, context: EventContext): void {
  const { queryClient, gathered } = context;
  const task = frame.data as TaskSummaryView | null;
  if (gathered) {
    const writes = gathered.board.get(projectId) ?? [];
    writes.push(task && frame.action !== 'deleted' ? { task } : { taskId: frame.id });
    gathered.board.set(projectId, writes);
    return;
  }
  const key = queryKeys.projectTasks(projectId);
  readAgainIfReading(key, context);
  queryClient.setQueryData<TaskSummaryView[]>(key, (list) =>
    task && frame.action !== 'deleted' ? upsertTask(list, task) : removeTask(list, frame.id),
  );
}

function applyMyTask(frame: EventFrame, context: EventContext): void {
  const { queryClient, userId, gathered } = context;
  const task = frame.data as MyTaskView | null;
  if (gathered) {
    const mine = task && frame.action !== 'deleted' && task.assignee?.user_id === userId;
    gathered.myTasks.push(mine ? { task } : { taskId: frame.id });
    return;
  }
  readAgainIfReading(queryKeys.myTasks, context);
  queryClient.setQueryData<MyTaskView[]>(queryKeys.myTasks, (list) =>
    task && frame.action !== 'deleted' && task.assignee?.user_id === userId
      ? upsertTask(list, task)
      : removeTask(list, frame.id),
  );
}

function applyTaskPage(frame: EventFrame, taskId: string, context: EventContext): void {
  const { queryClient, invalidate, userId } = context;
  const timelineKey = queryKeys.timeline(taskId);
  if (frame.kind === 'task') {
    const task = frame.data as TaskDetailView | null;
    if (!task || frame.action === 'deleted') {
      invalidate.add(queryKeys.task(taskId), true);
      return;
    }
    readAgainIfReading(queryKeys.task(taskId), context);
    queryClient.setQueryData<TaskDetailView>(queryKeys.task(taskId), (cached) => {
      if (!cached) return cached;
      if (cached.version > task.version) return cached;
      // The echo of this person's own edit must not overwrite what they typed since it was sent.
      if (frame.actorId && frame.actorId === userId) {
        return { ...cached, ...task, title: cached.title, content_json: cached.content_json };
      }
      return task;
    });
    // Every status, title or assignee change adds a line to the change log.
    invalidate.add(timelineKey, true);
    // A checklist write publishes the task's event too (its "3/5" progress is in the summary).
    invalidate.add(queryKeys.checklist(taskId), true);
    // A sub-task, parent or relation that came or went publishes the task's event (issue 42).
    invalidate.add(queryKeys.taskStructure(taskId), true);
    // A Figma design linked, unlinked, or its Figma state changed (issue 41).
    invalidate.add(queryKeys.taskFigmaNodes(taskId), true);
    invalidate.add(queryKeys.taskDesignChanges(taskId), true);
    invalidate.add(queryKeys.taskDevResources(taskId), true);
    // A comment, an assignee or a mention may have added a watcher.
    invalidate.add(queryKeys.watchers(taskId), true);
    // Its repetition set or stopped, or its next occurrence made (issue 43).
    invalidate.add(queryKeys.taskRecurrence(taskId), true);
    return;
  }
  if (frame.kind === 'comment') {
    const comment = frame.data as CommentView | null;
    if (!comment) {
      invalidate.add(timelineKey, true);
      return;
    }
    queryClient.setQueryData<TimelineView>(timelineKey, (timeline) => {
      if (!timeline) return timeline;
      const known = timeline.items.some(
        (item) => item.kind === 'comment' && item.comment_id === comment.comment_id,
      );
      // An edit by its author replaces the text in place.
      if (known)
        return frame.action === 'updated'
          ? {
              ...timeline,
              items: timeline.items.map((item) =>
                item.kind === 'comment' && item.comment_id === comment.comment_id
                  ? { ...comment, kind: 'comment', at: item.at }
                  : item,
              ),
            }
          : timeline;
      return {
        ...timeline,
        items: [...timeline.items, { ...comment, kind: 'comment', at: comment.created_at }],
      };
    });
    return;
  }
  if (frame.kind === 'log') invalidate.add(timelineKey, true);
}

function applyOrganization(frame: EventFrame, organizationId: string, context: EventContext): void {
  const { queryClient, invalidate, userId } = context;
  if (frame.kind === 'project') {
    // A task or project deleted or restored (by anyone) comes as its project's change: Settings › Trash.
    invalidate.add(queryKeys.trash(organizationId), true);
    // So do an import's tasks, written without an event each: its board and list read them again. A
    // list read while the import's last batch committed, before this event, could have been answered
    // as it was before the import; marked out of date, it is read again when a screen mounts.
    invalidate.add(queryKeys.projectTasks(frame.id));
    // A milestone made, changed or removed is announced as its project's change.
    invalidate.add(queryKeys.milestones(frame.id), true);
    invalidate.add(queryKeys.milestonesAtRisk, true);
    // So are cycle settings and a cycle's new name.
    invalidate.add(queryKeys.cycles(frame.id));
    // And a custom field turned on or off there, or on its cards.
    invalidate.add(queryKeys.projectCustomFields(frame.id), true);
    // And its statuses: a status removed moves its tasks, so the board reads them again too.
    invalidate.add(queryKeys.projectStatuses(frame.id));
    const project = frame.data as ProjectView | null;
    if (!project || frame.action === 'deleted') {
      queryClient.setQueryData<ProjectView[]>(queryKeys.projects, (list) =>
        list?.filter((item) => item.project_id !== frame.id),
      );
      invalidate.add(queryKeys.project(frame.id), true);
      invalidate.add(queryKeys.myTasks);
      return;
    }
    queryClient.setQueryData<ProjectView[]>(queryKeys.projects, (list) => {
      if (!list) return list;
      const index = list.findIndex((item) => item.project_id === project.project_id);
      if (index === -1) return [...list, project];
      const next = [...list];
      next[index] = project;
      return next;
    });
    queryClient.setQueryData<ProjectView>(queryKeys.project(project.project_id), (cached) =>
      cached ? project : cached,
    );
    queryClient.setQueryData<MyTaskView[]>(queryKeys.myTasks, (list) =>
      list?.some((task) => task.project.project_id === project.project_id)
        ? list.map((task) =>
            task.project.project_id === project.project_id
              ? {
                  ...task,
                  project: {
                    ...task.project,
                    name: project.name,
                    trigram: project.trigram,
                    emoji: project.emoji,
                  },
                }
              : task,
          )
        : list,
    );
    return;
  }
  if (frame.kind === 'label') {
    applyLabel(organizationId, context);
    return;
  }
  // The organization's name or membership changed: the lists that show them are read again.
  invalidate.add(queryKeys.organizations);
  invalidate.add(queryKeys.members(organizationId));
  if (frame.kind === 'organization') invalidate.add(queryKeys.projects);
  // A role change (an owner made, or one stepping down) keeps the person in the organization.
  if (frame.kind === 'membership' && frame.action !== 'updated' && frame.id === userId)
    forgetOrganization(context);
}

/**
 * A label was renamed, recoloured or deleted: tasks carry copies of their labels, so the lists, the
 * boards and the task pages that show them are read again, with the labels themselves.
 */
function applyLabel(organizationId: string, { invalidate }: EventContext): void {
  invalidate.add(queryKeys.labels(organizationId));
  invalidate.add(queryKeys.allProjectTasks);
  invalidate.add(queryKeys.myTasks);
  invalidate.addFilters('task pages', {
    predicate: (query) => query.queryKey[0] === 'task' && query.queryKey.length === 2,
  });
}

/** Access to an organization ended: everything that may show it is read again. */
export function forgetOrganization({ invalidate }: Pick<EventContext, 'invalidate'>): void {
  invalidate.add(queryKeys.organizations);
  invalidate.add(queryKeys.projects);
  invalidate.add(queryKeys.myTasks);
  invalidate.add(queryKeys.allProjectTasks);
}

function applyInbox({ queryClient, invalidate, inboxEverythingShown }: EventContext): void {
  if (!inboxEverythingShown) {
    queryClient.setQueryData<InboxStatus>(inboxStatusQueryKey, (status) => ({
      inbox_seen_at: status?.inbox_seen_at ?? new Date(0).toISOString(),
      has_new: true,
    }));
  }
  // The inbox's own pages (every key under 'inbox' but the status) are read again when shown.
  invalidate.addFilters('inbox pages', {
    predicate: (query) => query.queryKey[0] === 'inbox' && query.queryKey[1] !== 'status',
  });
}
