import { z } from 'zod';

/**
 * The live-update protocol spoken over the one websocket of a tab (`GET /api/realtime?v=<version>`).
 * Every frame is one JSON object with a `type`. The server refuses clients older than
 * MIN_CLIENT_PROTOCOL_VERSION with a `client-too-old` error, then closes the socket.
 *
 * Version 2 added the `events` frame: events waiting for the same socket go out together.
 * Version 3 added the `notifications` topic and its `notification` events (older clients never
 * subscribe to it, so they are still served).
 * Version 4 added the `batch` frame: the events of one change of many tasks (a bulk change) that a
 * socket may see, in one frame, applied at once. Older clients get the same events in `events` frames.
 */
export const PROTOCOL_VERSION = 4;
/** The first version that understands `batch` frames. */
export const BATCH_PROTOCOL_VERSION = 4;
export const MIN_CLIENT_PROTOCOL_VERSION = 2;
export const REALTIME_PATH = '/api/realtime';

/** Close codes the server uses besides the standard ones (1009 for a frame over 64 KB). */
export const CLOSE_CODES = {
  clientTooOld: 4426,
  heartbeatMissed: 4408,
  flood: 4429,
  tooManyBadFrames: 4400,
  slowConsumer: 4413,
  /** The session ended while the socket was open: reconnecting would be refused. */
  signedOut: 4401,
  /** Too many sockets open for this session, person or address: close some tabs. */
  tooManySockets: 4430,
} as const;

/** Sockets one session may hold open at once (a tab holds one). */
export const SOCKETS_PER_SESSION = 20;
/** Sockets one person may hold open at once, over all their sessions. */
export const SOCKETS_PER_PERSON = 50;

/** Largest route a presence frame may carry. */
export const PRESENCE_ROUTE_MAX = 200;
/** Topics one socket may hold at once. */
export const MAX_SUBSCRIPTIONS_PER_SOCKET = 200;

const uuid = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';
const topicPatterns = {
  projects: new RegExp(`^projects:(${uuid})$`),
  tasks: new RegExp(`^tasks:(${uuid})$`),
  task: new RegExp(`^task:(${uuid})$`),
} as const;

/**
 * What a socket can listen to:
 * - `projects:<organizationId>`: every change to the organization's projects (and its membership);
 * - `tasks:<projectId>`: every change to the project's tasks (comment counts included);
 * - `task:<taskId>`: the task's updates, new comments and new log entries;
 * - `my-tasks`: changes to tasks of the user's organizations (the client keeps those assigned to them);
 * - `inbox`: new activity by others in the user's organizations (the sidebar Inbox dot);
 * - `figma-events`: new Figma events of the user's organizations;
 * - `presence`: who is viewing which project or task, per organization of the user;
 * - `notifications`: what the user was told ("For me") was written or read: only their own sockets.
 */
export type Topic =
  | `projects:${string}`
  | `tasks:${string}`
  | `task:${string}`
  | 'my-tasks'
  | 'inbox'
  | 'figma-events'
  | 'presence'
  | 'notifications';

export type ParsedTopic =
  | { type: 'projects'; organizationId: string }
  | { type: 'tasks'; projectId: string }
  | { type: 'task'; taskId: string }
  | { type: 'my-tasks' }
  | { type: 'inbox' }
  | { type: 'figma-events' }
  | { type: 'presence' }
  | { type: 'notifications' };

export const topics = {
  projects: (organizationId: string): Topic => `projects:${organizationId}`,
  tasks: (projectId: string): Topic => `tasks:${projectId}`,
  task: (taskId: string): Topic => `task:${taskId}`,
  myTasks: 'my-tasks' as Topic,
  inbox: 'inbox' as Topic,
  figmaEvents: 'figma-events' as Topic,
  presence: 'presence' as Topic,
  notifications: 'notifications' as Topic,
};

/** The topic's parts, or null for anything that is not a topic (lower-cased ids). */
export function parseTopic(topic: string): ParsedTopic | null {
  if (
    topic === 'my-tasks' ||
    topic === 'inbox' ||
    topic === 'figma-events' ||
    topic === 'presence' ||
    topic === 'notifications'
  ) {
    return { type: topic };
  }
  const projects = topicPatterns.projects.exec(topic);
  if (projects) return { type: 'projects', organizationId: projects[1]!.toLowerCase() };
  const tasks = topicPatterns.tasks.exec(topic);
  if (tasks) return { type: 'tasks', projectId: tasks[1]!.toLowerCase() };
  const task = topicPatterns.task.exec(topic);
  if (task) return { type: 'task', taskId: task[1]!.toLowerCase() };
  return null;
}

const topicString = z.string().min(1).max(100);

// Client → server
const subscribeFrame = z.object({ type: z.literal('subscribe'), topic: topicString });
const unsubscribeFrame = z.object({ type: z.literal('unsubscribe'), topic: topicString });
/** 'online' on the user's organizations: the route the tab shows (null when it shows nothing to share). */
const presenceFrame = z.object({
  type: z.literal('presence'),
  route: z.string().max(PRESENCE_ROUTE_MAX).nullable(),
});
const pingFrame = z.object({ type: z.literal('ping'), ref: z.number().int().optional() });

export const clientFrameSchema = z.discriminatedUnion('type', [
  subscribeFrame,
  unsubscribeFrame,
  presenceFrame,
  pingFrame,
]);
export type ClientFrame = z.infer<typeof clientFrameSchema>;

// Server → client
export const EVENT_KINDS = [
  'project',
  'task',
  'comment',
  'log',
  'figma_event',
  'organization',
  'membership',
  /** An organization's label was created, renamed, recoloured or deleted: on `projects:<organizationId>`. */
  'label',
  /** On `notifications`: the user was told something (created) or read it (updated); id is the user's. */
  'notification',
] as const;
type EventKind = (typeof EVENT_KINDS)[number];
type EventAction = 'created' | 'updated' | 'deleted';

export const ERROR_CODES = [
  'forbidden',
  'unknown-topic',
  'bad-frame',
  'rate-limited',
  'client-too-old',
  'too-many-subscriptions',
] as const;
export type RealtimeErrorCode = (typeof ERROR_CODES)[number];

interface HelloFrame {
  type: 'hello';
  protocol: number;
  connectionId: string;
  /** How often the client must ping; a socket silent for about two beats is closed. */
  heartbeatMs: number;
}

interface SubscribedFrame {
  type: 'subscribed';
  topic: string;
  /**
   * How many ms before this answer the topic last changed, when that was within the last minute
   * (projects, tasks and task topics only). Data the client read before that moment may lack the
   * change: it reads it again.
   */
  lastEventMsAgo?: number;
}

export interface EventFrame<Data = unknown> {
  type: 'event';
  topic: string;
  kind: EventKind;
  action: EventAction;
  /** The changed entity's id (for membership: the user whose membership changed). */
  id: string;
  organizationId: string;
  projectId: string | null;
  taskId: string | null;
  actorId: string | null;
  /** The entity as its presenter shapes it for this user; null when deleted or gone. */
  data: Data | null;
}

/**
 * Several events in the order they happened. When changes come faster than the server can send them
 * one by one to every socket, it sends what piled up for a socket in one frame instead.
 */
export interface EventsFrame {
  type: 'events';
  events: EventFrame[];
}

/**
 * The events of one write that changed many tasks at once (a bulk change or bulk delete: one
 * transaction), those this socket may see, in the order they were published. The client applies
 * them together, as one change of its cache. `id` names the write; a batch is never split over
 * frames, and a socket gets at most one frame per batch.
 */
export interface BatchFrame {
  type: 'batch';
  id: string;
  events: EventFrame[];
}

/** Most events in one `events` frame: more go out in further frames. */
export const MAX_EVENTS_PER_FRAME = 200;

export interface PresenceMember {
  userId: string;
  firstname: string;
  lastname: string;
  /** The project or task page the member is on, inside this organization. */
  route: string;
}

/** The complete list of members viewing something in the organization: replaces the previous one. */
export interface PresenceStateFrame {
  type: 'presence';
  organizationId: string;
  members: PresenceMember[];
}

export interface ErrorFrame {
  type: 'error';
  code: RealtimeErrorCode;
  message: string;
  topic?: string;
}

interface PongFrame {
  type: 'pong';
  ref?: number;
}

/** Events may have been lost (the server's bus reconnected): refetch what is on screen. */
interface ResyncFrame {
  type: 'resync';
}

export type ServerFrame =
  | HelloFrame
  | SubscribedFrame
  | EventFrame
  | EventsFrame
  | BatchFrame
  | PresenceStateFrame
  | ErrorFrame
  | PongFrame
  | ResyncFrame;

/** A client frame from raw text, or the error to answer with. */
export function parseClientFrame(
  text: string,
): { ok: true; frame: ClientFrame } | { ok: false; message: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, message: 'A frame must be one JSON object.' };
  }
  const result = clientFrameSchema.safeParse(value);
  if (result.success) return { ok: true, frame: result.data };
  const issue = result.error.issues[0];
  const where = issue?.path.length ? ` (${issue.path.join('.')})` : '';
  return { ok: false, message: `Invalid frame${where}: ${issue?.message ?? 'unknown shape'}.` };
}

/** The project or task a route shows, or null (presence is shared only for these pages). */
export function routeSubject(
  route: string,
): { type: 'project'; projectId: string } | { type: 'task'; taskId: string } | null {
  const project = new RegExp(`^/project/(${uuid})/(list|kanban)$`).exec(route);
  if (project) return { type: 'project', projectId: project[1]!.toLowerCase() };
  const task = new RegExp(`^/task/(${uuid})$`).exec(route);
  if (task) return { type: 'task', taskId: task[1]!.toLowerCase() };
  return null;
}
