import type { Bus, BusEvent } from '../../realtime/bus.ts';

interface CachedList {
  body: string;
  /** The body gzipped and brotli-compressed, each made on the first request that accepts it. */
  gzipped?: Buffer;
  brotli?: Buffer;
}

/** What the cached lists may hold together, in characters of JSON (a 1,000-task list is ~400 K). */
const BUDGET = 16 * 1024 * 1024;

// What this speed device saves, what invalidates it, its benchmark: docs/machinery/task-list-cache.md
/**
 * The JSON of GET /api/projects/:id/tasks for the projects read lately, dropped when anything in it
 * may have changed. Every write a list shows (a task created, changed, moved or deleted, a comment
 * counted, a person renamed, a project or organization deleted) publishes a bus event after its
 * commit, on this server and on the others, so the event is the invalidation. A read that raced a
 * write is not kept: each project has a generation, bumped by each event, and a list is remembered
 * only if its generation did not move while it was read. The caller still authorizes every read.
 * Project ids are compared lower-cased: an address may spell a uuid in capitals, events never do.
 */
export class TaskListCache {
  private readonly lists = new Map<string, CachedList>();
  private readonly generations = new Map<string, number>();
  private epoch = 0;
  private size = 0;
  private readonly unsubscribe: Array<() => void>;

  constructor(bus: Bus) {
    this.unsubscribe = [
      bus.subscribe((event) => this.onEvent(event)),
      // Events may have been missed (the connection to the other servers came back).
      bus.onResync(() => this.clear()),
    ];
  }

  get(projectId: string): CachedList | undefined {
    const key = projectId.toLowerCase();
    const list = this.lists.get(key);
    if (!list) return undefined;
    // Most recently used last, so the oldest is dropped first.
    this.lists.delete(key);
    this.lists.set(key, list);
    return list;
  }

  /** Taken before reading a list from the database, handed back to remember. */
  generation(projectId: string): string {
    return `${this.epoch}:${this.generations.get(projectId.toLowerCase()) ?? 0}`;
  }

  /** Keeps a list read at `generation`, unless an event came since; the entry kept, if any. */
  remember(projectId: string, generation: string, body: string): CachedList | undefined {
    const key = projectId.toLowerCase();
    if (generation !== this.generation(key) || body.length > BUDGET / 4) return undefined;
    this.drop(key);
    const list: CachedList = { body };
    this.lists.set(key, list);
    this.size += body.length;
    for (const [oldest, evicted] of this.lists) {
      if (this.size <= BUDGET) break;
      this.lists.delete(oldest);
      this.size -= evicted.body.length;
    }
    return list;
  }

  close(): void {
    for (const stop of this.unsubscribe) stop();
    this.clear();
  }

  private onEvent(event: BusEvent): void {
    if (event.kind === 'project') this.invalidate(event.id);
    else if (event.projectId) this.invalidate(event.projectId);
    // A Figma event changes no list (the task made of it has an event of its own).
    else if (event.kind === 'figma_event') return;
    // A rename (membership) changes names on the lists of the person's organizations, and an
    // organization event may remove them all: rare enough to start over.
    else this.clear();
  }

  private invalidate(projectId: string): void {
    const key = projectId.toLowerCase();
    this.generations.set(key, (this.generations.get(key) ?? 0) + 1);
    this.drop(key);
  }

  private drop(projectId: string): void {
    const list = this.lists.get(projectId);
    if (!list) return;
    this.lists.delete(projectId);
    this.size -= list.body.length;
  }

  private clear(): void {
    this.epoch += 1;
    this.generations.clear();
    this.lists.clear();
    this.size = 0;
  }
}
