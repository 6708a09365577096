import { randomUUID } from 'node:crypto';
import { REALTIME_HEARTBEAT_MS, REALTIME_TIMEOUT_MS } from '@figgle/shared/constants';
import {
  CLOSE_CODES,
  type ClientFrame,
  MAX_SUBSCRIPTIONS_PER_SOCKET,
  type ParsedTopic,
  PROTOCOL_VERSION,
  parseClientFrame,
  parseTopic,
  type RealtimeErrorCode,
  routeSubject,
} from '@figgle/shared/realtime-protocol';
import { Batches } from './batches.ts';
import type { Bus, BusEvent, EndedSessions, LocalFacts } from './bus.ts';
import {
  Connection,
  type ConnectionLimits,
  type RealtimeSocket,
  type RealtimeUser,
  type SocketSession,
} from './connection.ts';
import { type EntityLoader, fanOut } from './fan-out.ts';
import { EventOutbox, type OutboxOptions } from './outbox.ts';
import { PresenceRegistry } from './presence.ts';
import { RecentEvents } from './recent-events.ts';
import { SharedFrame } from './shared-frame.ts';

/** Who may listen to what: answered with the policies, outside the hub. */
export interface TopicAccess {
  /**
   * The organization a topic belongs to if the user may read it (null for the user-wide topics),
   * or 'forbidden' (no such thing, or not theirs: the same answer, so nothing leaks).
   */
  authorize(user: RealtimeUser, topic: ParsedTopic): Promise<{ organizationId: string | null } | 'forbidden'>;
  /** The organization of the project or task a route shows, when the user may see it. */
  routeOrganization(user: RealtimeUser, route: string): Promise<string | null>;
  /** Every organization where the user holds a rule. */
  organizationsOf(userId: string): Promise<string[]>;
}

interface HubLogger {
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface HubOptions {
  bus: Bus;
  access: TopicAccess;
  loader: EntityLoader;
  log: HubLogger;
  heartbeatMs?: number;
  limits?: Partial<ConnectionLimits>;
  /** How often a socket's session is checked again (it may have signed out elsewhere). */
  revalidateMs?: number;
  presence?: { refreshMs?: number; remoteTtlMs?: number };
  outbox?: OutboxOptions;
}

export interface AcceptOptions {
  user: RealtimeUser;
  /** Whether the session behind the socket is still valid. */
  revalidate: () => Promise<boolean>;
  /** The session the socket was opened with, closed at once when it ends. */
  session?: SocketSession;
  /** The protocol version the client asked for; the newest when absent. */
  protocol?: number;
}

const DEFAULT_LIMITS: ConnectionLimits = { burst: 100, perSecond: 20, maxDropped: 200, maxBadFrames: 20 };
const PRESENCE_FLUSH_MS = 20;
/** How long an ended session is remembered, for the sockets whose opening was under way when it ended. */
const ENDED_SESSIONS_MEMORY_MS = 10_000;
const MAX_RECENTLY_ENDED = 1_000;
/** After the other servers were out of reach, sessions are checked again within this time, spread out. */
const RECHECK_AFTER_RESYNC_MS = 30_000;

/**
 * The realtime hub of one server: its sockets, what each listens to, presence, and the fan-out of
 * bus events to the sockets allowed to see them.
 */
export class RealtimeHub {
  readonly connections = new Map<string, Connection>();
  /** topic → the sockets listening to it. */
  readonly listeners = new Map<string, Set<Connection>>();
  readonly presence: PresenceRegistry;
  readonly outbox: EventOutbox;
  /** The batches (bulk changes) being fanned out, held until their last event is done. */
  private readonly batches: Batches;
  /** Increases with every access revocation, so a subscribe in flight can tell it lost the race. */
  private sequence = 0;
  private readonly dirtyPresence = new Set<string>();
  private presenceTimer: NodeJS.Timeout | undefined;
  private readonly sweepTimer: NodeJS.Timeout;
  private readonly unsubscribeBus: Array<() => void>;
  private readonly chains = new Map<string, Promise<void>>();
  /** Fan-outs started and not yet done (docs/machinery/live-path.md). */
  private fanOutsRunning = 0;
  private readonly recentEvents = new RecentEvents();
  private readonly revalidations = new Map<string, () => Promise<boolean>>();
  private recentlyEnded: Array<{ ended: EndedSessions; at: number }> = [];
  readonly heartbeatMs: number;
  private readonly limits: ConnectionLimits;
  private readonly revalidateMs: number;

  constructor(private readonly options: HubOptions) {
    this.heartbeatMs = options.heartbeatMs ?? REALTIME_HEARTBEAT_MS;
    this.limits = { ...DEFAULT_LIMITS, ...options.limits };
    this.revalidateMs = options.revalidateMs ?? 5 * 60_000;
    this.outbox = new EventOutbox(options.outbox);
    this.batches = new Batches(this.outbox);
    this.presence = new PresenceRegistry(
      options.bus,
      (organizationId) => this.markPresence(organizationId),
      options.presence,
    );
    this.unsubscribeBus = [
      options.bus.subscribe((event, local) => this.onBusEvent(event, local)),
      options.bus.onResync(() => {
        this.broadcastResync();
        this.recheckSessionsSoon(Date.now());
        void this.recheckMemberships();
      }),
      options.bus.onSessionsEnded((ended) => this.endSessions(ended)),
    ];
    this.sweepTimer = setInterval(() => this.sweep(Date.now()), Math.min(10_000, this.heartbeatMs));
    this.sweepTimer.unref();
  }

  /** Registers an open socket; the caller forwards its frames to `receive` and its close to `disconnect`. */
  async accept(
    socket: RealtimeSocket,
    { user, revalidate, session, protocol }: AcceptOptions,
  ): Promise<Connection> {
    const organizations = new Set(await this.options.access.organizationsOf(user.userId));
    const connection = new Connection(randomUUID(), user, organizations, socket, this.limits);
    connection.session = session ?? null;
    if (protocol !== undefined) connection.protocol = protocol;
    if (this.recentlyEnded.some(({ ended }) => endsSessionOf(ended, connection))) {
      connection.close(CLOSE_CODES.signedOut, 'Signed out');
      return connection;
    }
    this.connections.set(connection.id, connection);
    this.revalidations.set(connection.id, revalidate);
    connection.send({
      type: 'hello',
      protocol: PROTOCOL_VERSION,
      connectionId: connection.id,
      heartbeatMs: this.heartbeatMs,
    });
    return connection;
  }

  disconnect(connection: Connection): void {
    connection.closed = true;
    if (!this.connections.delete(connection.id)) return;
    this.revalidations.delete(connection.id);
    for (const topic of connection.subscriptions.keys()) this.removeListener(topic, connection);
    connection.subscriptions.clear();
    this.presence.set(connection.id, null);
  }

  /** One frame from a socket: text, or a Buffer flagged binary. */
  receive(connection: Connection, data: string, isBinary = false): void {
    if (connection.closed) return;
    connection.lastSeen = Date.now();
    if (!connection.bucket.take()) {
      connection.droppedFrames += 1;
      if (connection.droppedFrames > connection.limits.maxDropped) {
        connection.close(CLOSE_CODES.flood, 'Too many frames');
        return;
      }
      const now = Date.now();
      if (now - connection.lastRateLimitNotice > 1000) {
        connection.lastRateLimitNotice = now;
        this.error(connection, 'rate-limited', 'Too many frames: slow down.');
      }
      return;
    }
    const parsed = isBinary
      ? ({ ok: false, message: 'Frames are JSON text, not binary.' } as const)
      : parseClientFrame(data);
    if (!parsed.ok) {
      connection.badFrames += 1;
      if (connection.badFrames > connection.limits.maxBadFrames) {
        connection.close(CLOSE_CODES.tooManyBadFrames, 'Too many malformed frames');
        return;
      }
      this.error(connection, 'bad-frame', parsed.message);
      return;
    }
    const frame = parsed.frame;
    if (frame.type === 'ping') {
      connection.send(frame.ref === undefined ? { type: 'pong' } : { type: 'pong', ref: frame.ref });
      return;
    }
    connection.queue = connection.queue
      .then(() => this.handle(connection, frame))
      .catch((error: unknown) => {
        this.options.log.error({ err: error }, 'realtime: handling a frame failed');
      });
  }

  /** Closes sockets that missed their heartbeats and re-checks sessions; exposed for tests. */
  sweep(now: number): void {
    this.recentEvents.prune();
    const silentLimit = this.heartbeatMs * 2 + REALTIME_TIMEOUT_MS;
    for (const connection of this.connections.values()) {
      if (now - connection.lastSeen > silentLimit) {
        connection.close(CLOSE_CODES.heartbeatMissed, 'Heartbeat missed');
        this.disconnect(connection);
        continue;
      }
      if (now - connection.lastValidated > this.revalidateMs) {
        connection.lastValidated = now;
        const revalidate = this.revalidations.get(connection.id);
        revalidate?.().then(
          (valid) => {
            if (!valid) {
              connection.close(CLOSE_CODES.signedOut, 'Signed out');
              this.disconnect(connection);
            }
          },
          () => {},
        );
      }
    }
  }

  /** Closes this server's sockets opened with sessions that just ended. */
  endSessions(ended: EndedSessions): void {
    const now = Date.now();
    this.recentlyEnded = this.recentlyEnded.filter(({ at }) => now - at < ENDED_SESSIONS_MEMORY_MS);
    this.recentlyEnded.push({ ended, at: now });
    if (this.recentlyEnded.length > MAX_RECENTLY_ENDED) this.recentlyEnded.shift();
    for (const connection of [...this.connections.values()]) {
      if (!endsSessionOf(ended, connection)) continue;
      connection.close(CLOSE_CODES.signedOut, 'Signed out');
      this.disconnect(connection);
    }
  }

  /**
   * A "sessions ended" message sent while the bus was down is lost: every socket's session is checked
   * again by the coming sweeps, spread over RECHECK_AFTER_RESYNC_MS rather than all in one.
   */
  private recheckSessionsSoon(now: number): void {
    for (const connection of this.connections.values()) {
      const dueAt = now + Math.random() * RECHECK_AFTER_RESYNC_MS;
      connection.lastValidated = Math.min(connection.lastValidated, dueAt - this.revalidateMs);
    }
  }

  async close(): Promise<void> {
    clearInterval(this.sweepTimer);
    clearTimeout(this.presenceTimer);
    for (const stop of this.unsubscribeBus) stop();
    this.presence.close();
    this.batches.releaseAll();
    this.outbox.flush();
    this.outbox.close();
    for (const connection of [...this.connections.values()]) {
      connection.close(1001, 'Server going away');
      this.disconnect(connection);
    }
    await Promise.allSettled([...this.chains.values()]);
  }

  /** The sockets listening to a topic that may see the organization's data, but `exceptUserId`'s. */
  audience(topic: string, organizationId: string, exceptUserId?: string | null): readonly Connection[] {
    const result: Connection[] = [];
    for (const connection of this.listeners.get(topic) ?? []) {
      if (!connection.organizations.has(organizationId)) continue;
      if (exceptUserId && connection.user.userId === exceptUserId) continue;
      result.push(connection);
    }
    return result;
  }

  private error(connection: Connection, code: RealtimeErrorCode, message: string, topic?: string): void {
    connection.send(
      topic === undefined ? { type: 'error', code, message } : { type: 'error', code, message, topic },
    );
  }

  private async handle(connection: Connection, frame: Exclude<ClientFrame, { type: 'ping' }>): Promise<void> {
    if (connection.closed) return;
    switch (frame.type) {
      case 'subscribe':
        return this.subscribe(connection, frame.topic);
      case 'unsubscribe': {
        const topic = parseTopic(frame.topic) ? canonical(frame.topic) : frame.topic;
        if (connection.subscriptions.delete(topic)) this.removeListener(topic, connection);
        return;
      }
      case 'presence':
        return this.setPresence(connection, frame.route);
    }
  }

  private async subscribe(connection: Connection, rawTopic: string): Promise<void> {
    const parsed = parseTopic(rawTopic);
    if (!parsed) {
      this.error(
        connection,
        'unknown-topic',
        `There is no topic named "${rawTopic.slice(0, 100)}".`,
        rawTopic,
      );
      return;
    }
    const topic = canonical(rawTopic);
    if (connection.subscriptions.has(topic)) {
      this.confirmSubscription(connection, topic);
      return;
    }
    if (connection.subscriptions.size >= MAX_SUBSCRIPTIONS_PER_SOCKET) {
      this.error(
        connection,
        'too-many-subscriptions',
        `A socket may listen to at most ${MAX_SUBSCRIPTIONS_PER_SOCKET} topics.`,
        topic,
      );
      return;
    }
    const started = this.sequence;
    const answer = await this.options.access.authorize(connection.user, parsed);
    if (connection.closed) return;
    const organizationId = answer === 'forbidden' ? null : answer.organizationId;
    const revoked = organizationId !== null && (connection.revokedAt.get(organizationId) ?? -1) >= started;
    if (answer === 'forbidden' || revoked) {
      this.error(connection, 'forbidden', 'This topic does not exist or is not yours to read.', topic);
      return;
    }
    if (organizationId) connection.organizations.add(organizationId);
    connection.subscriptions.set(topic, organizationId);
    let set = this.listeners.get(topic);
    if (!set) {
      set = new Set();
      this.listeners.set(topic, set);
    }
    set.add(connection);
    this.confirmSubscription(connection, topic);
    if (parsed.type === 'presence') {
      for (const organization of connection.organizations) this.sendPresence(connection, organization);
    }
  }

  /** `subscribed`, with how long ago the topic last changed when that was within the last minute. */
  private confirmSubscription(connection: Connection, topic: string): void {
    const lastEventMsAgo = this.recentEvents.msAgo(topic);
    connection.send(
      lastEventMsAgo === undefined
        ? { type: 'subscribed', topic }
        : { type: 'subscribed', topic, lastEventMsAgo },
    );
  }

  private removeListener(topic: string, connection: Connection): void {
    const set = this.listeners.get(topic);
    if (!set) return;
    set.delete(connection);
    if (set.size === 0) this.listeners.delete(topic);
  }

  private async setPresence(connection: Connection, route: string | null): Promise<void> {
    const subject = route ? routeSubject(route) : null;
    const organizationId =
      subject && route ? await this.options.access.routeOrganization(connection.user, route) : null;
    if (connection.closed) return;
    if (!route || !organizationId || !connection.organizations.has(organizationId)) {
      this.presence.set(connection.id, null);
      return;
    }
    this.presence.set(connection.id, {
      connectionId: connection.id,
      userId: connection.user.userId,
      firstname: connection.user.firstname,
      lastname: connection.user.lastname,
      organizationId,
      route,
    });
  }

  private markPresence(organizationId: string): void {
    this.dirtyPresence.add(organizationId);
    if (this.presenceTimer) return;
    this.presenceTimer = setTimeout(() => {
      this.presenceTimer = undefined;
      const organizations = [...this.dirtyPresence];
      this.dirtyPresence.clear();
      const listeners = this.listeners.get('presence');
      if (!listeners) return;
      for (const organizationId of organizations) {
        const frame = SharedFrame.of(
          JSON.stringify({
            type: 'presence',
            organizationId,
            members: this.presence.membersOf(organizationId),
          }),
        );
        for (const connection of listeners) {
          if (connection.organizations.has(organizationId)) connection.sendShared(frame);
        }
      }
    }, PRESENCE_FLUSH_MS);
    this.presenceTimer.unref();
  }

  private sendPresence(connection: Connection, organizationId: string): void {
    connection.send({ type: 'presence', organizationId, members: this.presence.membersOf(organizationId) });
  }

  private broadcastResync(): void {
    const frame = SharedFrame.of(JSON.stringify({ type: 'resync' }));
    for (const connection of this.connections.values()) connection.sendShared(frame);
  }

  private onBusEvent(event: BusEvent, local?: LocalFacts): void {
    this.recentEvents.note(event);
    if (event.kind === 'membership') this.applyMembership(event);
    // Events about one task (or project) are handled in order, so a slow load never overwrites a newer one.
    const key = event.taskId ?? event.projectId ?? `${event.kind}:${event.id}`;
    const previous = this.chains.get(key) ?? Promise.resolve();
    this.fanOutsRunning += 1;
    // An event of a batch leaves its frames with the batch, which sends them once all are done.
    const outbox = this.batches.outboxFor(event);
    const hub = outbox === this.outbox ? this : { audience: this.audience.bind(this), outbox };
    const next = previous
      .then(() => fanOut(hub, this.options.loader, event, local))
      .catch((error: unknown) => this.options.log.error({ err: error, event }, 'realtime: fan-out failed'))
      .finally(() => {
        if (this.chains.get(key) === next) this.chains.delete(key);
        this.batches.finished(event);
        // Once no other fan-out runs, everything queued leaves now, before the request that published
        // goes on with its answer; events released together (one flush of the WAL) still share each
        // socket's frame. A fan-out still running (a read) leaves the rest to the end of the turn.
        this.fanOutsRunning -= 1;
        if (this.fanOutsRunning === 0) this.outbox.sendNow();
      });
    this.chains.set(key, next);
  }

  /**
   * After the bus was down, membership events sent meanwhile are gone (issue 37): each connected
   * person's organizations are read again, and what changed is applied as the events would have been.
   */
  private async recheckMemberships(): Promise<void> {
    const known = new Map<string, Set<string>>();
    for (const connection of this.connections.values()) {
      const organizations = known.get(connection.user.userId) ?? new Set<string>();
      for (const organizationId of connection.organizations) organizations.add(organizationId);
      known.set(connection.user.userId, organizations);
    }
    for (const [userId, had] of known) {
      let now: Set<string>;
      try {
        now = new Set(await this.options.access.organizationsOf(userId));
      } catch (error) {
        this.options.log.error({ err: error, userId }, 'realtime: cannot read memberships after a resync');
        continue;
      }
      for (const organizationId of had) {
        if (!now.has(organizationId))
          this.applyMembership({ kind: 'membership', action: 'deleted', id: userId, organizationId });
      }
      for (const organizationId of now) {
        if (!had.has(organizationId))
          this.applyMembership({ kind: 'membership', action: 'created', id: userId, organizationId });
      }
    }
  }

  /** A member removed from an organization stops hearing about it at once; a new member starts. */
  private applyMembership(event: BusEvent): void {
    const userId = event.id;
    const organizationId = event.organizationId;
    for (const connection of this.connections.values()) {
      if (connection.user.userId !== userId) continue;
      if (event.action === 'deleted') {
        this.sequence += 1;
        connection.revokedAt.set(organizationId, this.sequence);
        connection.organizations.delete(organizationId);
        for (const [topic, topicOrganization] of [...connection.subscriptions]) {
          if (topicOrganization !== organizationId) continue;
          connection.subscriptions.delete(topic);
          this.removeListener(topic, connection);
          this.error(connection, 'forbidden', 'You are no longer a member of this organization.', topic);
        }
        if (this.presence.get(connection.id)?.organizationId === organizationId) {
          this.presence.set(connection.id, null);
        }
        if (connection.subscriptions.has('presence')) {
          connection.send({ type: 'presence', organizationId, members: [] });
        }
      } else if (event.action === 'created' && !connection.organizations.has(organizationId)) {
        connection.revokedAt.delete(organizationId);
        connection.organizations.add(organizationId);
        if (connection.subscriptions.has('presence')) this.sendPresence(connection, organizationId);
      }
    }
  }
}

function endsSessionOf(ended: EndedSessions, connection: Connection): boolean {
  const session = connection.session;
  if (!session || session.authUserId !== ended.authUserId) return false;
  return ended.sessions ? ended.sessions.includes(session.key) : session.key !== ended.except;
}

/** Topic ids compare lower-cased. */
function canonical(topic: string): string {
  return topic.toLowerCase();
}
