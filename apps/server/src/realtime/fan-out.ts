import { type EventFrame, topics } from '@figgle/shared/realtime-protocol';
import type { BusEvent, LocalFacts } from './bus.ts';
import type { Connection } from './connection.ts';
import type { EventOutbox } from './outbox.ts';
import { OutgoingEvent } from './outgoing-event.ts';

/** A task as each screen shows it: list/board row, my-tasks row, task page. */
interface TaskViews {
  summary: unknown;
  myTask: unknown;
  detail: unknown;
}

/** Loads and presents entities with their features' queries and presenters: once per event. */
export interface EntityLoader {
  task(taskId: string): Promise<TaskViews | null>;
  /** The project as each viewer sees it (favorites are per person). */
  project(projectId: string, viewerIds: string[]): Promise<Map<string, unknown> | null>;
  comment(commentId: string, taskId: string): Promise<unknown | null>;
  log(logId: string, taskId: string): Promise<unknown | null>;
  figmaEvent(figmaEventId: string): Promise<unknown | null>;
}

export interface FanOutHub {
  /** The sockets listening to a topic that may see the organization's data, but `exceptUserId`'s. */
  audience(topic: string, organizationId: string, exceptUserId?: string | null): readonly Connection[];
  /** The hub's outbox, or the batch that holds the frames of an event of a batch (batches.ts). */
  readonly outbox: Pick<EventOutbox, 'queue'>;
}

function frame(event: BusEvent, topic: string, data: unknown): string {
  const body: EventFrame = {
    type: 'event',
    topic,
    kind: event.kind,
    action: event.action,
    id: event.id,
    organizationId: event.organizationId,
    projectId: event.projectId ?? null,
    taskId: event.taskId ?? null,
    actorId: event.actorId ?? null,
    data: data ?? null,
  };
  return JSON.stringify(body);
}

/** Leaves the frame for the sockets in the hub's outbox: serialized once, whatever their number. */
function send(hub: FanOutHub, connections: readonly Connection[], text: string): void {
  if (connections.length > 0) hub.outbox.queue(connections, new OutgoingEvent(text));
}

/**
 * Delivers one committed change to every local socket allowed to see it. `local` is what this process
 * already knows of a change it made itself.
 */
export async function fanOut(
  hub: FanOutHub,
  loader: EntityLoader,
  event: BusEvent,
  local?: LocalFacts,
): Promise<void> {
  const organizationId = event.organizationId;
  switch (event.kind) {
    case 'task':
      await fanOutTask(hub, loader, event, local);
      notifyInbox(hub, event);
      return;
    case 'comment': {
      if (event.taskId) {
        const topic = topics.task(event.taskId);
        const onTask = hub.audience(topic, organizationId);
        if (onTask.length > 0) {
          const data = event.action === 'deleted' ? null : await loader.comment(event.id, event.taskId);
          send(hub, onTask, frame(event, topic, data));
        }
      }
      // The comment count on the list, the board and my tasks arrives with the task event the
      // comment's command publishes next to this one.
      notifyInbox(hub, event);
      return;
    }
    case 'log': {
      if (event.taskId) {
        const topic = topics.task(event.taskId);
        const onTask = hub.audience(topic, organizationId);
        if (onTask.length > 0)
          send(hub, onTask, frame(event, topic, await loader.log(event.id, event.taskId)));
      }
      notifyInbox(hub, event);
      return;
    }
    case 'project':
      await fanOutProject(hub, loader, event, event.id);
      return;
    case 'organization':
    case 'membership':
    // Labels show on every list and board of the organization: its viewers read them again.
    case 'label': {
      const topic = topics.projects(organizationId);
      send(hub, hub.audience(topic, organizationId), frame(event, topic, null));
      return;
    }
    case 'figma_event': {
      // A new Figma event lights the sidebar's new-activity dot, as the radar is news too.
      if (event.action === 'created') notifyInbox(hub, event);
      const listeners = hub.audience(topics.figmaEvents, organizationId);
      if (listeners.length === 0) return;
      const data = event.action === 'deleted' ? null : await loader.figmaEvent(event.id);
      send(hub, listeners, frame(event, topics.figmaEvents, data));
      return;
    }
    case 'notification': {
      // Only the person told, and only while they still may see the organization.
      const mine = hub
        .audience(topics.notifications, organizationId)
        .filter((connection) => connection.user.userId === event.id);
      send(hub, mine, frame(event, topics.notifications, null));
      return;
    }
  }
}

// What this speed device saves, what invalidates it, its benchmark: docs/machinery/writer-summary.md
/**
 * The task as the list, the board, the task page and my tasks show it. The list and the board show
 * the summary the write read back, when this process made the change: a drag or an edit seen only
 * on boards then costs no read (one statement of the six a change took, on the single connection
 * of the embedded database). The task page and my tasks show more, so they are read.
 */
async function taskViews(
  loader: EntityLoader,
  event: BusEvent,
  local: LocalFacts | undefined,
  onlySummary: boolean,
): Promise<Partial<TaskViews> | null> {
  if (event.action === 'deleted') return null;
  if (onlySummary && local?.taskSummary !== undefined) return { summary: JSON.parse(local.taskSummary) };
  return loader.task(event.id);
}

async function fanOutTask(
  hub: FanOutHub,
  loader: EntityLoader,
  event: BusEvent,
  local: LocalFacts | undefined,
): Promise<void> {
  const organizationId = event.organizationId;
  const taskId = event.id;
  const boardTopic = event.projectId ? topics.tasks(event.projectId) : null;
  const pageTopic = topics.task(taskId);
  const onBoard = boardTopic ? hub.audience(boardTopic, organizationId) : [];
  // A task that left the project for another: the task itself lives on (the next event says where).
  const leftProject = event.movedToProjectId !== undefined;
  const onPage = leftProject ? [] : hub.audience(pageTopic, organizationId);
  const onMyTasks = leftProject ? [] : hub.audience(topics.myTasks, organizationId);
  if (onBoard.length + onPage.length + onMyTasks.length > 0) {
    const views = await taskViews(loader, event, local, onPage.length + onMyTasks.length === 0);
    if (boardTopic && onBoard.length > 0) send(hub, onBoard, frame(event, boardTopic, views?.summary));
    if (onPage.length > 0) send(hub, onPage, frame(event, pageTopic, views?.detail));
    if (onMyTasks.length > 0) send(hub, onMyTasks, frame(event, topics.myTasks, views?.myTask));
  }
  // The project's task count changed on the projects screen.
  if (event.action !== 'updated' && event.projectId) {
    await fanOutProject(
      hub,
      loader,
      { ...event, kind: 'project', action: 'updated', id: event.projectId, taskId: undefined },
      event.projectId,
    );
  }
}

async function fanOutProject(
  hub: FanOutHub,
  loader: EntityLoader,
  event: BusEvent,
  projectId: string,
): Promise<void> {
  const topic = topics.projects(event.organizationId);
  const listeners = hub.audience(topic, event.organizationId);
  if (listeners.length === 0) return;
  const viewerIds = [...new Set(listeners.map((connection) => connection.user.userId))];
  const views = event.action === 'deleted' ? null : await loader.project(projectId, viewerIds);
  // Favorites differ from person to person: one frame per viewer.
  const byViewer = new Map<string, Connection[]>();
  for (const connection of listeners) {
    const userId = connection.user.userId;
    const sockets = byViewer.get(userId);
    if (sockets) sockets.push(connection);
    else byViewer.set(userId, [connection]);
  }
  for (const [userId, sockets] of byViewer)
    send(hub, sockets, frame(event, topic, views?.get(userId) ?? null));
}

/** New activity by someone else: the sidebar's Inbox dot. */
function notifyInbox(hub: FanOutHub, event: BusEvent): void {
  if (event.action === 'deleted') return;
  const listeners = hub.audience(topics.inbox, event.organizationId, event.actorId);
  if (listeners.length > 0) send(hub, listeners, frame(event, topics.inbox, null));
}
