import type { PresenceMember } from '@figgle/shared/realtime-protocol';
import type { Bus, PeerMessage } from './bus.ts';
import { NOTIFY_PAYLOAD_MAX } from './postgres-bus.ts';

/** One tab on a project or task page of an organization. */
export interface PresenceEntry {
  connectionId: string;
  userId: string;
  firstname: string;
  lastname: string;
  organizationId: string;
  route: string;
}

/** An entry's fields, in the order its packed form (a short array, as the peers send it) holds them. */
const FIELDS = ['connectionId', 'userId', 'firstname', 'lastname', 'organizationId', 'route'] as const;

type Packed = string[];

const pack = (entry: PresenceEntry): Packed => FIELDS.map((field) => entry[field]);
const unpack = (packed: Packed): PresenceEntry =>
  Object.fromEntries(FIELDS.map((field, index) => [field, packed[index]])) as Record<
    (typeof FIELDS)[number],
    string
  >;

function isPacked(value: unknown): value is Packed {
  return (
    Array.isArray(value) && value.length === FIELDS.length && value.every((part) => typeof part === 'string')
  );
}

export interface PresenceOptions {
  /** How often this server repeats its entries to the others. */
  refreshMs?: number;
  /** How long another server's entry lives without being repeated (it crashed, say). */
  remoteTtlMs?: number;
}

/**
 * Who is viewing which project or task, across every server sharing the bus. Each server owns the
 * entries of its own sockets, tells the others about every change, repeats them regularly, and
 * forgets another server's entries when that server says it is going or stops repeating them.
 */
export class PresenceRegistry {
  private readonly local = new Map<string, PresenceEntry>();
  /** serverId → connectionId → entry and its expiry. */
  private readonly remote = new Map<string, Map<string, { entry: PresenceEntry; expiresAt: number }>>();
  private readonly refreshMs: number;
  private readonly remoteTtlMs: number;
  private readonly timer: NodeJS.Timeout;
  private readonly unsubscribe: Array<() => void> = [];

  constructor(
    private readonly bus: Bus,
    private readonly onChange: (organizationId: string) => void,
    options: PresenceOptions = {},
  ) {
    this.refreshMs = options.refreshMs ?? 10_000;
    this.remoteTtlMs = options.remoteTtlMs ?? 35_000;
    this.unsubscribe.push(bus.onPeerMessage((message, from) => this.receive(message, from)));
    this.unsubscribe.push(
      bus.onResync(() => {
        this.bus.sendToPeers({ t: 'presence.sync' });
        this.announceAll();
      }),
    );
    this.timer = setInterval(() => this.tick(Date.now()), this.refreshMs);
    this.timer.unref();
    bus.sendToPeers({ t: 'presence.sync' });
  }

  /** Sets (or with null clears) what one local socket views. */
  set(connectionId: string, entry: PresenceEntry | null): void {
    const previous = this.local.get(connectionId);
    if (
      previous &&
      entry &&
      previous.route === entry.route &&
      previous.organizationId === entry.organizationId &&
      previous.firstname === entry.firstname &&
      previous.lastname === entry.lastname
    ) {
      return;
    }
    if (previous) this.onChange(previous.organizationId);
    if (entry) {
      this.local.set(connectionId, entry);
      this.onChange(entry.organizationId);
      this.bus.sendToPeers({ t: 'presence.set', e: pack(entry) });
    } else if (previous) {
      this.local.delete(connectionId);
      this.bus.sendToPeers({ t: 'presence.del', c: connectionId });
    }
  }

  get(connectionId: string): PresenceEntry | undefined {
    return this.local.get(connectionId);
  }

  /** Members viewing a project or task of the organization, one row per person and page. */
  membersOf(organizationId: string): PresenceMember[] {
    const members = new Map<string, PresenceMember>();
    const add = (entry: PresenceEntry) => {
      if (entry.organizationId !== organizationId) return;
      const key = `${entry.userId} ${entry.route}`;
      if (!members.has(key)) {
        members.set(key, {
          userId: entry.userId,
          firstname: entry.firstname,
          lastname: entry.lastname,
          route: entry.route,
        });
      }
    };
    for (const entry of this.local.values()) add(entry);
    for (const entries of this.remote.values()) for (const { entry } of entries.values()) add(entry);
    return [...members.values()].sort(
      (a, b) => a.userId.localeCompare(b.userId) || a.route.localeCompare(b.route),
    );
  }

  /** Tells the other servers this one is going: they drop its entries at once. */
  close(): void {
    clearInterval(this.timer);
    for (const stop of this.unsubscribe) stop();
    if (this.local.size > 0) this.bus.sendToPeers({ t: 'presence.gone' });
    this.local.clear();
    this.remote.clear();
  }

  /** Repeats local entries and forgets silent servers' entries; exposed for tests. */
  tick(now: number): void {
    this.announceAll();
    for (const [serverId, entries] of this.remote) {
      for (const [connectionId, { entry, expiresAt }] of entries) {
        if (expiresAt <= now) {
          entries.delete(connectionId);
          this.onChange(entry.organizationId);
        }
      }
      if (entries.size === 0) this.remote.delete(serverId);
    }
  }

  private announceAll(): void {
    if (this.local.size === 0) return;
    // Chunks stay under PostgreSQL's NOTIFY limit whatever the names and routes.
    let chunk: Packed[] = [];
    let size = 0;
    for (const entry of this.local.values()) {
      const packed = pack(entry);
      const bytes = Buffer.byteLength(JSON.stringify(packed)) + 1;
      if (size + bytes > NOTIFY_PAYLOAD_MAX - 200 && chunk.length > 0) {
        this.bus.sendToPeers({ t: 'presence.all', e: chunk });
        chunk = [];
        size = 0;
      }
      chunk.push(packed);
      size += bytes;
    }
    if (chunk.length > 0) this.bus.sendToPeers({ t: 'presence.all', e: chunk });
  }

  private receive(message: PeerMessage, from: string): void {
    if (from === this.bus.serverId) return;
    switch (message.t) {
      case 'presence.set':
        if (isPacked(message.e)) this.putRemote(from, unpack(message.e));
        break;
      case 'presence.all':
        if (Array.isArray(message.e))
          for (const packed of message.e) if (isPacked(packed)) this.putRemote(from, unpack(packed));
        break;
      case 'presence.del':
        if (typeof message.c === 'string') this.deleteRemote(from, message.c);
        break;
      case 'presence.gone':
        for (const connectionId of [...(this.remote.get(from)?.keys() ?? [])])
          this.deleteRemote(from, connectionId);
        break;
      case 'presence.sync':
        this.announceAll();
        break;
    }
  }

  private putRemote(serverId: string, entry: PresenceEntry): void {
    let entries = this.remote.get(serverId);
    if (!entries) {
      entries = new Map();
      this.remote.set(serverId, entries);
    }
    const previous = entries.get(entry.connectionId)?.entry;
    entries.set(entry.connectionId, { entry, expiresAt: Date.now() + this.remoteTtlMs });
    const same =
      previous &&
      previous.route === entry.route &&
      previous.organizationId === entry.organizationId &&
      previous.firstname === entry.firstname &&
      previous.lastname === entry.lastname;
    if (same) return;
    if (previous) this.onChange(previous.organizationId);
    this.onChange(entry.organizationId);
  }

  private deleteRemote(serverId: string, connectionId: string): void {
    const entries = this.remote.get(serverId);
    const previous = entries?.get(connectionId);
    if (!entries || !previous) return;
    entries.delete(connectionId);
    if (entries.size === 0) this.remote.delete(serverId);
    this.onChange(previous.entry.organizationId);
  }
}
