import type pg from 'pg';

type Listener = () => void;

/** `insert into t`, `update t`, `delete from t`, `truncate t`, `alter table t`, `drop table t`, quoted or not. */
const WRITE =
  /\b(?:insert\s+into|update|delete\s+from|truncate(?:\s+table)?|alter\s+table|drop\s+table(?:\s+if\s+exists)?)\s+(?:only\s+)?(?:"?public"?\.)?"?([a-z_][a-z0-9_]*)"?/gi;

/** Statement texts whose written tables are remembered; one-off texts (bulk writes) clear it now and then. */
const MAX_SCANNED = 2_000;

// What this speed device saves, what invalidates it, its benchmark: docs/machinery/remembered-sessions.md
/**
 * Hears which tables each statement of a pool's clients may write, by its text, before it runs. For a
 * database only this process writes (the embedded one), this is every change those tables can see:
 * what is remembered from them in memory can be dropped at once.
 */
export class TableWrites {
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly scanned = new Map<string, readonly string[]>();

  /** Calls `listener` before each statement that writes one of `tables`; returns the way to stop. */
  on(tables: readonly string[], listener: Listener): () => void {
    for (const table of tables) {
      const set = this.listeners.get(table) ?? new Set<Listener>();
      set.add(listener);
      this.listeners.set(table, set);
    }
    return () => {
      for (const table of tables) this.listeners.get(table)?.delete(listener);
    };
  }

  /** Tells the listeners of every table the statement writes. */
  notice(text: string): void {
    if (this.listeners.size === 0) return;
    const written = this.tablesWrittenBy(text);
    if (written.length === 0) return;
    const called = new Set<Listener>();
    for (const table of written) {
      for (const listener of this.listeners.get(table) ?? []) {
        if (called.has(listener)) continue;
        called.add(listener);
        listener();
      }
    }
  }

  /**
   * The tables a statement writes, by its text. Texts recur (they come from a fixed set of code
   * paths), and a task write is a long one: each is scanned once, then looked up.
   */
  private tablesWrittenBy(text: string): readonly string[] {
    let tables = this.scanned.get(text);
    if (tables === undefined) {
      tables = [...text.matchAll(WRITE)].map((match) => match[1]!.toLowerCase());
      if (this.scanned.size >= MAX_SCANNED) this.scanned.clear();
      this.scanned.set(text, tables);
    }
    return tables;
  }

  /**
   * Makes every client of the pool report its statements here, whichever form `query` is called in.
   * Call it after prepareRecurringStatements: it wraps what that wrapper made, and a client's own
   * `query` is otherwise pg.Client's, looked up on each call (tests count statements there).
   */
  watch(pool: pg.Pool): void {
    pool.on('connect', (client) => {
      const wrapped = Object.hasOwn(client, 'query')
        ? (client.query as (...args: unknown[]) => unknown)
        : null;
      (client as { query: unknown }).query = (...args: unknown[]) => {
        const [first] = args;
        const text = typeof first === 'string' ? first : (first as { text?: unknown } | undefined)?.text;
        if (typeof text === 'string') this.notice(text);
        const query = wrapped ?? (Object.getPrototypeOf(client).query as (...a: unknown[]) => unknown);
        return Reflect.apply(query, client, args);
      };
    });
  }
}
