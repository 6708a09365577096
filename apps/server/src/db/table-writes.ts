import type pg from 'pg';

type Listener = () => void;

/** `insert into t`, `update t`, `delete from t`, `truncate t`, `alter table t`, `drop table t`, quoted or not. */
const WRITE =
  /\b(?:insert\s+into|update|delete\s+from|truncate(?:\s+table)?|alter\s+table|drop\s+table(?:\s+if\s+exists)?)\s+(?:only\s+)?(?:"?public"?\.)?"?([a-z_][a-z0-9_]*)"?/gi;

/**
 * Hears which tables each statement of a pool's clients may write, by its text, before it runs. For a
 * database only this process writes (the embedded one), this is every change those tables can see:
 * what is remembered from them in memory can be dropped at once.
 */
export class TableWrites {
  private readonly listeners = new Map<string, Set<Listener>>();

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
    const called = new Set<Listener>();
    for (const match of text.matchAll(WRITE)) {
      for (const listener of this.listeners.get(match[1]!.toLowerCase()) ?? []) {
        if (called.has(listener)) continue;
        called.add(listener);
        listener();
      }
    }
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
