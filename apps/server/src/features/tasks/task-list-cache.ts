import type { TaskSummaryView } from '@figgle/shared/task-schemas';
import type { Bus, BusEvent, LocalFacts } from '../../realtime/bus.ts';
import {
  compareCreation,
  type PresentedBoard,
  patchBoard,
  presentBoardInCreationOrder,
} from './board-presenter.ts';
import { BoardText } from './board-text.ts';
import { ChunkedGzip } from './chunked-gzip.ts';
import { compressAhead, type JsonText } from './json-reply.ts';
import { listedTextOfSummary } from './listed-text.ts';
import type { ListedKey, ListedTask } from './queries.ts';

/** One task of a cached list: its JSON text and what the list's order depends on. */
interface Entry {
  taskId: string;
  status: string;
  rank: string;
  json: string;
  /** The JSON read back, once the board shape was asked for. */
  view?: TaskSummaryView;
}

/** The two answers of a list: the default (summaries in list order), or the board shape. */
export type ListShape = 'list' | 'board';

interface CachedList {
  /** The tasks in list order. */
  entries: Entry[];
  /** The body joined from the entries, with its compressed copies; remade after a patch. */
  text?: JsonText;
  /** The board shape of the entries, with its compressed copies; remade after a patch. */
  board?: JsonText;
  /** Once the board shape was asked for: the tasks in creation order (the board's), kept across patches. */
  creation?: TaskSummaryView[];
  /** Where each task is in `creation`, by id. */
  creationAt?: Map<string, number>;
  /** The board last presented from `creation`, and the places in it patches changed since. */
  presented?: PresentedBoard;
  changedSincePresented?: Set<number>;
  /** The board's text by columns, each written again only when a patch changed it. */
  boardText?: BoardText;
  /** Patched since it was read whole. */
  patched?: boolean;
  /** Its gzip by pieces, each compressed again only when a patch changed it. */
  gzip: ChunkedGzip;
  pieces?: Piece[];
  size: number;
  /** Tasks named by events since the last read, read again by the next one before it answers. */
  dirty: Set<string>;
  /** The summaries this server's own writes of dirty tasks read back (their events' LocalFacts). */
  summaries: Map<string, Summary>;
  patching?: Promise<void>;
  /** Answered since its last patch began: the next write patches it at once (see patchLater). */
  readSincePatch: boolean;
  /** The shape it was last answered in, made ready after a patch made at once. */
  lastShape: ListShape;
}

/**
 * A task's summary from a write's event: its own write's (a new version), or read by the change of
 * another task it depends on (`dependent`: the same version, newer by its place in the events).
 */
interface Summary {
  text: string;
  dependent: boolean;
}

/** Reads tasks of a live project again (queries.ts listedTasks); undefined when the project is gone. */
export type ReadListedTasks = (
  projectId: string,
  taskIds: readonly string[],
) => Promise<ListedTask[] | undefined>;

/** What the cached lists may hold together, in characters of JSON (a 1,000-task list is ~0.5 M). */
const BUDGET = 16 * 1024 * 1024;

/** json_agg's separator between two rows: the only raw line break in its text (strings escape theirs). */
const SEPARATOR = ', \n ';

/** A patch that keeps finding new events after this many reads gives up: the list is read whole. */
const PATCH_ROUNDS = 4;

/** Past this many tasks changed since the last read, one whole read is cheaper than patching them. */
const MOST_DIRTY = 200;

/** The list's order (queries.ts LIST_ORDER): column, then rank byte-wise, then task id. */
const STATUS_ORDER = ['TODO', 'DOING', 'DONE', 'ARCHIVE'];

function statusPosition(status: string): number {
  const position = STATUS_ORDER.indexOf(status);
  // array_position answers NULL for another status, which sorts last.
  return position === -1 ? STATUS_ORDER.length : position;
}

const ascii = (text: string) => !/[^ -~]/.test(text);

/** Byte-wise, as COLLATE "C" compares (UTF-16 order differs from UTF-8's only past the ASCII range). */
function compareBytes(a: string, b: string): number {
  if (a === b) return 0;
  if (ascii(a) && ascii(b)) return a < b ? -1 : 1;
  return Buffer.compare(Buffer.from(a), Buffer.from(b));
}

function compareEntries(a: Entry, b: Entry): number {
  return (
    statusPosition(a.status) - statusPosition(b.status) ||
    compareBytes(a.rank, b.rank) ||
    // uuids compare as their bytes, which is their lower-case text's order.
    compareBytes(a.taskId, b.taskId)
  );
}

/** A piece of the gzip ends after a task whose id ends so (1 in 32), or after this many tasks. */
const PIECE_END = 0x1f;
const PIECE_MOST = 96;

/** A run of tasks of a patched list and its text, kept while its tasks stay the same. */
interface Piece {
  entries: Entry[];
  first: boolean;
  last: boolean;
  text: string;
}

function samePiece(piece: Piece | undefined, run: Entry[], first: boolean, last: boolean): piece is Piece {
  return (
    piece !== undefined &&
    piece.first === first &&
    piece.last === last &&
    piece.entries.length === run.length &&
    piece.entries.every((entry, index) => entry === run[index])
  );
}

/**
 * The pieces of a patched list, its gzip being made of pieces compressed before: a piece ends where
 * a task id says, so a task inserted or removed changes one piece, not every piece after it. A
 * piece whose tasks did not change keeps its text (no copy of the whole list per patch).
 */
function piecesOf(list: CachedList): Piece[] {
  const before = new Map((list.pieces ?? []).map((piece) => [piece.entries[0], piece]));
  const pieces: Piece[] = [];
  let run: Entry[] = [];
  for (const [index, entry] of list.entries.entries()) {
    run.push(entry);
    const last = index === list.entries.length - 1;
    if (last || run.length >= PIECE_MOST || (Number.parseInt(entry.taskId.slice(-2), 16) & PIECE_END) === 0) {
      const first = pieces.length === 0;
      const kept = before.get(run[0]);
      const text = samePiece(kept, run, first, last)
        ? kept.text
        : `${first ? '[' : ''}${run.map((item) => item.json).join(SEPARATOR)}${last ? ']' : SEPARATOR}`;
      pieces.push({ entries: run, first, last, text });
      run = [];
    }
  }
  return pieces;
}

/** The text of a patched list: its body is joined only when asked for (gzip needs the pieces alone). */
function patchedText(list: CachedList): JsonText {
  list.pieces = piecesOf(list);
  const texts = list.pieces.length === 0 ? ['[]'] : list.pieces.map((piece) => piece.text);
  let body: string | undefined;
  return {
    get body() {
      body ??= texts.join('');
      return body;
    },
    characters: list.size,
    gzipOfPieces: () => list.gzip.gzip(texts),
  };
}

/** The task of an entry as an object (its JSON read back once). */
function viewOf(entry: Entry): TaskSummaryView {
  entry.view ??= JSON.parse(entry.json) as TaskSummaryView;
  return entry.view;
}

/** The board shape's text, from the tasks in creation order (sorted once, then kept by patches). */
function boardText(projectId: string, list: CachedList): JsonText {
  if (!list.creation) {
    list.creation = list.entries.map(viewOf).sort(compareCreation);
    list.creationAt = new Map(list.creation.map((task, index) => [task.task_id, index]));
    list.presented = undefined;
  }
  const changed = list.changedSincePresented ?? [];
  list.presented =
    (list.presented && patchBoard(projectId, list.presented, list.creation, changed)) ??
    presentBoardInCreationOrder(projectId, list.creation);
  list.changedSincePresented = new Set();
  list.boardText ??= new BoardText();
  const writer = list.boardText;
  const pieces = writer.pieces(list.presented.view);
  let body: string | undefined;
  return {
    get body() {
      body ??= pieces.join('');
      return body;
    },
    characters: pieces.reduce((total, piece) => total + piece.length, 0),
    quickFirst: list.patched,
    // A patched board answers its gzip first, of which only the columns a patch changed are
    // compressed again (the first patch compresses them all).
    ...(list.patched ? { gzipOfPieces: () => writer.gzipOf(pieces) } : {}),
  };
}

/** The list's answer in a shape, made from its entries when none is kept since the last patch. */
function textOf(projectId: string, list: CachedList, shape: ListShape): JsonText {
  if (shape === 'list') {
    list.text ??= patchedText(list);
    return list.text;
  }
  list.board ??= boardText(projectId, list);
  return list.board;
}

/** The entries without the changed tasks, with `added` put where the list's order places them. */
function withReplaced(
  entries: readonly Entry[],
  changed: ReadonlySet<string>,
  added: readonly Entry[],
): Entry[] {
  const kept = entries.filter((entry) => !changed.has(entry.taskId));
  for (const entry of added) {
    let low = 0;
    let high = kept.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (compareEntries(kept[middle]!, entry) < 0) low = middle + 1;
      else high = middle;
    }
    kept.splice(low, 0, entry);
  }
  return kept;
}

/** The version of a task the list holds (its JSON read back once, when the board did not already). */
function versionOf(entry: Entry): number {
  return viewOf(entry).version;
}

/** Of two summaries of one task, the later write's (the higher version; of equal ones, the later event's). */
function newerSummary(kept: Summary | undefined, summary: Summary): Summary {
  if (kept === undefined) return summary;
  const version = (text: string) => (JSON.parse(text) as TaskSummaryView).version;
  return version(kept.text) > version(summary.text) ? kept : summary;
}

/**
 * Puts the patched tasks in the board's creation order where they were. When a task left or came,
 * or a changed task's creation time or id is not the one it had, the order is made again (sorted)
 * by the next board.
 */
function keepCreationOrder(list: CachedList, changed: ReadonlySet<string>, added: readonly Entry[]): void {
  const { creation, creationAt } = list;
  if (!creation || !creationAt) return;
  const places: number[] = [];
  for (const entry of added) {
    const at = creationAt.get(entry.taskId);
    const before = at === undefined ? undefined : creation[at];
    const view = viewOf(entry);
    if (!before || view.task_id !== before.task_id || view.created_at !== before.created_at) break;
    places.push(at!);
  }
  if (places.length !== added.length || added.length !== changed.size) {
    list.creation = undefined;
    list.creationAt = undefined;
    list.presented = undefined;
    return;
  }
  const kept = creation.slice();
  list.changedSincePresented ??= new Set();
  for (const [index, at] of places.entries()) {
    kept[at] = viewOf(added[index]!);
    list.changedSincePresented.add(at);
  }
  list.creation = kept;
}

// What this speed device saves, what invalidates or patches it, its benchmark:
// docs/machinery/task-list-cache.md
/**
 * The JSON of GET /api/projects/:id/tasks for the projects read lately, kept as one JSON text per
 * task in list order. Every write a list shows publishes a bus event after its commit, on this
 * server and on the others. An event naming one task of a project (created, changed, moved,
 * deleted, commented) marks that task; the marked tasks are read again (`readTasks`, one query) and
 * their texts replaced, inserted or removed in place: right after the write when the list was read
 * since its last patch (patchSoon), else by the next read before it answers. A list is not read again
 * after every write: on the embedded database one connection serves every request, so such reads
 * would queue behind the next writes, while lists are read far less often than tasks change. Any
 * other event of a project drops its list, and a rename or an organization change drops them all.
 * A read that raced a write is not kept: each
 * project has a generation, bumped by each event, and a list is remembered only if its generation
 * did not move while it was read. The caller still authorizes every read.
 * Project ids are compared lower-cased: an address may spell a uuid in capitals, events never do.
 */
export class TaskListCache {
  private readonly lists = new Map<string, CachedList>();
  private readonly generations = new Map<string, number>();
  private epoch = 0;
  private size = 0;
  private readonly unsubscribe: Array<() => void>;

  constructor(
    bus: Bus,
    private readonly readTasks: ReadListedTasks,
    /**
     * Whether this server's statements run one at a time, in the order their events come (the
     * embedded database): then a dependent's summary read by another task's change (LocalFacts'
     * `dependentSummary`) is taken too. On PostgreSQL, two changes of one parent's sub-tasks may
     * each read the parent before the other commits: their dependents are read again instead.
     */
    private readonly statementsInOrder = false,
  ) {
    this.unsubscribe = [
      bus.subscribe((event, local) => this.onEvent(event, local)),
      // Events may have been missed (the connection to the other servers came back).
      bus.onResync(() => this.clear()),
    ];
  }

  /** The cached list, once the patches under way are made; undefined when none is kept. */
  async get(projectId: string, shape: ListShape = 'list'): Promise<JsonText | undefined> {
    const key = projectId.toLowerCase();
    let list = this.lists.get(key);
    // Writes that keep coming while it patches: after a few rounds the caller reads the list whole.
    for (let round = 0; list && (list.patching || list.dirty.size > 0); round++) {
      if (round === PATCH_ROUNDS) return undefined;
      await (list.patching ?? this.startPatch(key, list));
      list = this.lists.get(key);
    }
    if (!list) return undefined;
    // Most recently used last, so the oldest is dropped first.
    this.lists.delete(key);
    this.lists.set(key, list);
    list.readSincePatch = true;
    list.lastShape = shape;
    return textOf(key, list, shape);
  }

  /** Taken before reading a list from the database, handed back to remember. */
  generation(projectId: string): string {
    return `${this.epoch}:${this.generations.get(projectId.toLowerCase()) ?? 0}`;
  }

  /**
   * Keeps a list read at `generation` (body: json_agg's text; keys: JSON of its ListedKey[]), unless
   * an event came since or the two do not match; the text of the shape asked for, if kept.
   */
  remember(
    projectId: string,
    generation: string,
    body: string,
    keys: string,
    shape: ListShape = 'list',
  ): JsonText | undefined {
    const key = projectId.toLowerCase();
    if (generation !== this.generation(key) || body.length > BUDGET / 4) return undefined;
    const named = JSON.parse(keys) as ListedKey[];
    const texts = body === '[]' ? [] : body.slice(1, -1).split(SEPARATOR);
    if (texts.length !== named.length) return undefined;
    const entries = named.map(([taskId, status, rank], index) => ({
      taskId,
      status,
      rank,
      json: texts[index]!,
    }));
    this.drop(key);
    const list: CachedList = {
      entries,
      text: { body },
      size: body.length,
      dirty: new Set(),
      summaries: new Map(),
      gzip: new ChunkedGzip(),
      readSincePatch: true,
      lastShape: shape,
    };
    this.lists.set(key, list);
    this.size += body.length;
    this.evictPastBudget();
    return textOf(key, list, shape);
  }

  close(): void {
    for (const stop of this.unsubscribe) stop();
    this.clear();
  }

  private onEvent(event: BusEvent, local?: LocalFacts): void {
    if (event.kind === 'project') this.invalidate(event.id);
    // A task's own change, or a comment on it (its count): that task alone is read again.
    else if (event.projectId && event.taskId)
      this.patchLater(
        event.projectId,
        event.taskId,
        event.kind === 'task' ? this.summaryOf(local) : undefined,
      );
    else if (event.projectId) this.invalidate(event.projectId);
    // A Figma event changes no list (the task made of it has an event of its own).
    else if (event.kind === 'figma_event') return;
    // A rename (membership) changes names on the lists of the person's organizations, a label's
    // change its name on every task carrying it, and an organization event may remove them all:
    // rare enough to start over.
    else this.clear();
  }

  private summaryOf(local: LocalFacts | undefined): Summary | undefined {
    if (local?.taskSummary !== undefined) return { text: local.taskSummary, dependent: false };
    if (this.statementsInOrder && local?.dependentSummary !== undefined)
      return { text: local.dependentSummary, dependent: true };
    return undefined;
  }

  private bump(key: string): void {
    this.generations.set(key, (this.generations.get(key) ?? 0) + 1);
  }

  private invalidate(projectId: string): void {
    const key = projectId.toLowerCase();
    this.bump(key);
    this.drop(key);
  }

  private patchLater(projectId: string, taskId: string, summary: Summary | undefined): void {
    const key = projectId.toLowerCase();
    // A list being read whole meanwhile may miss this change: it is not kept.
    this.bump(key);
    const list = this.lists.get(key);
    if (!list) return;
    if (list.dirty.size >= MOST_DIRTY) this.drop(key);
    else {
      const id = taskId.toLowerCase();
      // Only while every event of the task since the last patch came with its summary.
      if (summary !== undefined && (!list.dirty.has(id) || list.summaries.has(id)))
        list.summaries.set(id, newerSummary(list.summaries.get(id), summary));
      else list.summaries.delete(id);
      list.dirty.add(id);
      if (list.readSincePatch) this.patchSoon(key, list);
    }
  }

  /**
   * Patches a list someone read since its last patch as soon as the write's own work is done, so the
   * next read finds it current (issue 24: board data right after a write). Reads pay for these
   * patches, not writes: a list nobody reads meanwhile is patched once, then only marked, and a burst
   * of writes shares one patch. On the embedded database every query waits its turn on one
   * connection, so a read after every write would slow the writes down.
   */
  private patchSoon(key: string, list: CachedList): void {
    list.readSincePatch = false;
    setImmediate(() => {
      if (this.lists.get(key) !== list || list.patching || list.dirty.size === 0) return;
      this.startPatch(key, list).then(
        () => {
          // The web app's board shape, when it was the last asked for: made again, and its compressed
          // copy started, before the next reader asks. (Scripts read the default list, rarely.)
          if (list.lastShape !== 'board' || this.lists.get(key) !== list || list.patching) return;
          if (list.dirty.size === 0) compressAhead(textOf(key, list, 'board'));
        },
        // A read that waits on it hears of a failure; none that happens meanwhile is left unhandled.
        () => this.drop(key),
      );
    });
  }

  /** Patches the list, reads waiting on it meanwhile (patch may end before it returns: no read). */
  private startPatch(key: string, list: CachedList): Promise<void> {
    const patching: Promise<void> = this.patch(key, list).finally(() => {
      if (list.patching === patching) list.patching = undefined;
    });
    list.patching = patching;
    return patching;
  }

  /** Reads the dirty tasks again until none is left, then lets reads through. */
  private async patch(key: string, list: CachedList): Promise<void> {
    for (let round = 0; list.dirty.size > 0; round++) {
      const taskIds = [...list.dirty];
      const summaries = list.summaries;
      list.dirty.clear();
      list.summaries = new Map();
      // This server's own writes read their tasks back: no read of the database is needed.
      if (taskIds.every((taskId) => summaries.has(taskId)) && this.appliedSummaries(key, list, summaries))
        continue;
      const rows =
        round < PATCH_ROUNDS ? await this.readTasks(key, taskIds).catch(() => undefined) : undefined;
      if (this.lists.get(key) !== list) return;
      if (rows && this.apply(list, taskIds, rows)) continue;
      // A column may differ only by a change whose event came meanwhile: read all of them again.
      if (rows && list.dirty.size > 0) for (const taskId of taskIds) list.dirty.add(taskId);
      else {
        this.drop(key);
        return;
      }
    }
  }

  /** Puts the tasks read again in their places; false when the list must be read whole instead. */
  private apply(list: CachedList, taskIds: readonly string[], rows: readonly ListedTask[]): boolean {
    const changed = new Set(taskIds);
    const added = rows.map((row) => ({
      taskId: row.task_id,
      status: row.status,
      rank: row.rank,
      json: row.json,
    }));
    const entries = withReplaced(list.entries, changed, added);
    // Every other task of a changed task's column must have kept its rank (see listedTasks).
    for (const row of rows) {
      const ranks = entries.filter((entry) => entry.status === row.status).map((entry) => entry.rank);
      if (ranks.join('\n') !== (row.column_ranks ?? '')) return false;
    }
    this.replaceEntries(list, entries, changed, added);
    return true;
  }

  /**
   * Puts in the summaries this server's writes read back, without reading the database; false when
   * the database must be asked instead: a task now of another project, or a column holding two equal
   * ranks, where the write may have given the whole column new ranks (figgle_change_task's spread)
   * while its summary names its own rank only. A summary older than the list's copy (two writes'
   * events delivered out of order) leaves the newer copy.
   */
  private appliedSummaries(key: string, list: CachedList, summaries: ReadonlyMap<string, Summary>): boolean {
    try {
      return this.applySummaries(key, list, summaries);
    } catch {
      // A summary that does not read as one: the database is asked instead.
      return false;
    }
  }

  private applySummaries(key: string, list: CachedList, summaries: ReadonlyMap<string, Summary>): boolean {
    const changed = new Set<string>();
    const added: Entry[] = [];
    for (const [taskId, { text, dependent }] of summaries) {
      const view = JSON.parse(text) as TaskSummaryView;
      if (view.project_id.toLowerCase() !== key) return false;
      const before = list.entries.find((entry) => entry.taskId === taskId);
      // A dependent's summary keeps its task's version: of equal ones, it is the later read.
      if (before && (dependent ? versionOf(before) > view.version : versionOf(before) >= view.version))
        continue;
      const json = listedTextOfSummary(text);
      if (before?.json === json) continue;
      changed.add(taskId);
      added.push({ taskId, status: view.status, rank: view.rank, json, view });
    }
    if (added.length === 0) return true;
    const entries = withReplaced(list.entries, changed, added);
    for (const status of new Set(added.map((entry) => entry.status))) {
      const column = entries.filter((entry) => entry.status === status);
      if (column.some((entry, index) => index > 0 && entry.rank === column[index - 1]!.rank)) return false;
    }
    this.replaceEntries(list, entries, changed, added);
    return true;
  }

  private replaceEntries(
    list: CachedList,
    entries: Entry[],
    changed: ReadonlySet<string>,
    added: readonly Entry[],
  ): void {
    keepCreationOrder(list, changed, added);
    const size = entries.reduce((total, entry) => total + entry.json.length + SEPARATOR.length, 2);
    this.size += size - list.size;
    list.entries = entries;
    list.size = size;
    if (list.text) list.text.replaced = true;
    if (list.board) list.board.replaced = true;
    list.text = undefined;
    list.board = undefined;
    list.patched = true;
    this.evictPastBudget();
  }

  private evictPastBudget(): void {
    for (const [oldest] of this.lists) {
      if (this.size <= BUDGET) break;
      this.drop(oldest);
    }
  }

  private drop(projectId: string): void {
    const list = this.lists.get(projectId);
    if (!list) return;
    this.lists.delete(projectId);
    this.size -= list.size;
  }

  private clear(): void {
    this.epoch += 1;
    this.generations.clear();
    this.lists.clear();
    this.size = 0;
  }
}
