import { randomUUID } from 'node:crypto';
import { reconnectDelayMs } from '@figgle/shared/constants';
import pg from 'pg';
import { markWriteStep } from '../write-timings.ts';
import {
  type Bus,
  type BusEvent,
  BusHandlers,
  type EndedSessions,
  type PeerMessage,
  subscribeTo,
} from './bus.ts';

const BUS_CHANNEL = 'figgle_bus';
/** Where PostgreSQL tells of each statement writing a session table (migration 0019's triggers). */
const SESSION_WRITES_CHANNEL = 'figgle_session_writes';
/** How the LISTEN connection shows in pg_stat_activity. */
export const BUS_APPLICATION_NAME = 'figgle-realtime-bus';
/** PostgreSQL refuses NOTIFY payloads of 8,000 bytes or more. */
export const NOTIFY_PAYLOAD_MAX = 7_900;
const PROBE_INTERVAL_MS = 15_000;
const PROBE_TIMEOUT_MS = 5_000;

interface Envelope {
  /** The sending server. */
  s: string;
  e?: BusEvent;
  p?: PeerMessage;
  x?: EndedSessions;
}

export interface BusLogger {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface PostgresBus extends Bus {
  /** Resolves once the LISTEN connection is up the first time. */
  ready(): Promise<void>;
  /** Whether the LISTEN connection is up right now. */
  connected(): boolean;
}

/**
 * Several server processes on one PostgreSQL: each publishes with NOTIFY and hears the others on one
 * dedicated LISTEN connection, re-established with back-off (1 s, 2 s, 5 s, then 10 s) when it drops.
 * Local handlers hear local events at once, without the round trip. After a reconnection this server
 * and its peers resync their clients, since notifications sent meanwhile are gone.
 */
export function createPostgresBus(connectionString: string, log: BusLogger): PostgresBus {
  const serverId = randomUUID();
  const handlers = new BusHandlers((error) => log.error({ err: error }, 'realtime bus handler failed'));
  let client: pg.Client | null = null;
  let isConnected = false;
  let closed = false;
  let attempt = 0;
  let everConnected = false;
  let reconnectTimer: NodeJS.Timeout | undefined;
  let probeTimer: NodeJS.Timeout | undefined;
  let resolveReady: () => void = () => {};
  const readyPromise = new Promise<void>((resolve) => {
    resolveReady = resolve;
  });

  const onNotification = (message: pg.Notification) => {
    if (message.channel === SESSION_WRITES_CHANNEL) return handlers.deliverSessionTablesWritten();
    if (message.channel !== BUS_CHANNEL || !message.payload) return;
    let envelope: Envelope;
    try {
      envelope = JSON.parse(message.payload) as Envelope;
    } catch {
      log.warn({ payload: message.payload.slice(0, 200) }, 'realtime bus: unreadable notification');
      return;
    }
    if (envelope.s === serverId) return;
    if (envelope.e) handlers.deliverEvent(envelope.e);
    if (envelope.x) handlers.deliverSessionsEnded(envelope.x);
    if (envelope.p) {
      if (envelope.p.t === 'resync') handlers.deliverResync();
      else handlers.deliverPeer(envelope.p, envelope.s);
    }
  };

  const dropClient = (reason: unknown) => {
    const dropped = client;
    if (!dropped) return;
    client = null;
    isConnected = false;
    clearInterval(probeTimer);
    dropped.removeAllListeners('notification');
    dropped.on('error', () => {});
    dropped.end().catch(() => {});
    if (!closed) {
      log.warn({ err: reason }, 'realtime bus: lost the LISTEN connection; reconnecting');
      scheduleConnect();
    }
  };

  const scheduleConnect = () => {
    if (closed || reconnectTimer) return;
    attempt += 1;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined;
      void connect();
    }, reconnectDelayMs(attempt));
    reconnectTimer.unref();
  };

  const connect = async () => {
    if (closed) return;
    const next = new pg.Client({
      connectionString,
      keepAlive: true,
      connectionTimeoutMillis: 5_000,
      application_name: BUS_APPLICATION_NAME,
    });
    next.on('error', (error) => {
      if (client === next) dropClient(error);
    });
    next.on('end', () => {
      if (client === next) dropClient(new Error('connection ended'));
    });
    next.on('notification', onNotification);
    try {
      await next.connect();
      await next.query(`LISTEN ${BUS_CHANNEL}; LISTEN ${SESSION_WRITES_CHANNEL}`);
    } catch (error) {
      next.removeAllListeners('notification');
      next.on('error', () => {});
      await next.end().catch(() => {});
      if (!closed) {
        log.warn({ err: error }, 'realtime bus: cannot LISTEN; retrying');
        scheduleConnect();
      }
      return;
    }
    if (closed) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    isConnected = true;
    attempt = 0;
    probeTimer = setInterval(() => void probe(next), PROBE_INTERVAL_MS);
    probeTimer.unref();
    if (everConnected) {
      log.info({}, 'realtime bus: LISTEN connection restored');
      handlers.deliverResync();
      notifySoon({ s: serverId, p: { t: 'resync' } });
    }
    everConnected = true;
    resolveReady();
  };

  // A half-open TCP connection can look alive for minutes: ask the server regularly.
  const probe = async (probed: pg.Client) => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('probe timed out')), PROBE_TIMEOUT_MS);
    });
    try {
      await Promise.race([probed.query('SELECT 1'), timeout]);
    } catch (error) {
      if (client === probed) dropClient(error);
    } finally {
      clearTimeout(timer);
    }
  };

  const notify = (envelope: Envelope) => {
    const payload = JSON.stringify(envelope);
    if (Buffer.byteLength(payload) > NOTIFY_PAYLOAD_MAX) {
      log.error(
        { bytes: Buffer.byteLength(payload) },
        'realtime bus: message too large for NOTIFY; not sent',
      );
      return;
    }
    const current = client;
    if (!current || !isConnected) return;
    // Peers that miss this hear 'resync' once the connection is back.
    current.query('SELECT pg_notify($1, $2)', [BUS_CHANNEL, payload]).catch((error: unknown) => {
      if (client === current) dropClient(error);
    });
  };

  /**
   * What goes to the other servers leaves once the current run of promise callbacks is over: a
   * published event's local fan-out (all of it promise callbacks when the writer's summary serves)
   * then reaches this server's sockets before the NOTIFY's query is built and written. One queue for
   * every kind of message keeps their order.
   */
  let outgoing: Envelope[] = [];
  const sendOutgoing = () => {
    const envelopes = outgoing;
    outgoing = [];
    for (const envelope of envelopes) notify(envelope);
  };
  const notifySoon = (envelope: Envelope) => {
    outgoing.push(envelope);
    if (outgoing.length === 1) process.nextTick(sendOutgoing);
  };

  void connect();

  return {
    serverId,
    ready: () => readyPromise,
    connected: () => isConnected,
    async publish(event, local) {
      markWriteStep('published');
      handlers.deliverEvent(event, local);
      notifySoon({ s: serverId, e: event });
    },
    subscribe: (handler) => subscribeTo(handlers.events, handler),
    sendToPeers(message) {
      notifySoon({ s: serverId, p: message });
    },
    onPeerMessage: (handler) => subscribeTo(handlers.peers, handler),
    onResync: (handler) => subscribeTo(handlers.resyncs, handler),
    endSessions(ended) {
      handlers.deliverSessionsEnded(ended);
      // Servers that miss it (their LISTEN connection is down) still close the socket when its
      // session is next checked again (hub.ts, revalidateMs).
      notifySoon({ s: serverId, x: ended });
    },
    onSessionsEnded: (handler) => subscribeTo(handlers.endedSessions, handler),
    onSessionTablesWritten: (handler) => subscribeTo(handlers.sessionTableWrites, handler),
    hearsOthers: () => isConnected,
    async close() {
      sendOutgoing();
      closed = true;
      clearTimeout(reconnectTimer);
      clearInterval(probeTimer);
      const current = client;
      client = null;
      isConnected = false;
      handlers.clear();
      if (current) {
        current.removeAllListeners('notification');
        current.on('error', () => {});
        await current.end().catch(() => {});
      }
    },
  };
}
