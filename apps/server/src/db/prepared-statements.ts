import type pg from 'pg';

/**
 * Statements that are named (prepared once per connection, then only bound and run). Figgle has a few
 * hundred query shapes; the cap bounds what a connection (and PGlite's memory) keeps prepared.
 */
const MAX_NAMED = 500;
/** Texts run once so far, remembered until their second run (or cleared when this many pile up). */
const MAX_SEEN_ONCE = 1_000;
/** A query with more parameters than this is a bulk write or a long list: rare, and of many shapes. */
const MAX_PARAMETERS = 64;

// What this speed device saves, what invalidates it, its benchmark: docs/machinery/prepared-statements.md
/**
 * Kysely sends every query as text with parameters, and PostgreSQL parses and plans it anew each
 * time. Figgle's queries come from a fixed set of code paths, so the same texts recur: naming them
 * lets node-postgres prepare each once per connection, and later runs skip parsing (and, once
 * PostgreSQL settles on a generic plan, planning); what it saves and trades is in
 * docs/decisions/0008-speed-devices.md. A text is named from its second run, so one-off texts never
 * take a name; past MAX_NAMED distinct texts, new ones run unnamed.
 */
export class StatementNames {
  private readonly names = new Map<string, string>();
  private readonly seenOnce = new Set<string>();

  nameFor(text: string, parameterCount: number): string | undefined {
    const name = this.names.get(text);
    if (name !== undefined || parameterCount === 0 || parameterCount > MAX_PARAMETERS) return name;
    if (this.names.size >= MAX_NAMED) return undefined;
    if (!this.seenOnce.has(text)) {
      if (this.seenOnce.size >= MAX_SEEN_ONCE) this.seenOnce.clear();
      this.seenOnce.add(text);
      return undefined;
    }
    this.seenOnce.delete(text);
    const given = `figgle_${this.names.size}`;
    this.names.set(text, given);
    return given;
  }
}

/**
 * Makes a pool's clients run recurring `query(text, values)` calls as named statements. Only that
 * form is touched (what Kysely's PostgresDialect uses); config objects, cursors and callbacks go
 * through unchanged.
 */
export function prepareRecurringStatements(pool: pg.Pool, names = new StatementNames()): void {
  pool.on('connect', (client) => {
    // Looked up on each call, not bound once: whatever wraps pg.Client's query later still sees every call.
    const query = (...args: unknown[]) =>
      Reflect.apply(Object.getPrototypeOf(client).query as (...a: unknown[]) => unknown, client, args);
    (client as { query: unknown }).query = (...args: unknown[]) => {
      const [text, values] = args;
      if (args.length === 2 && typeof text === 'string' && Array.isArray(values)) {
        const name = names.nameFor(text, values.length);
        if (name !== undefined) return query({ name, text, values });
      }
      return query(...args);
    };
  });
}
