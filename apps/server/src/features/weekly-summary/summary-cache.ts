/** What a write gives: the value, and whether it may be kept (a fallback is not). */
export interface Written<T> {
  value: T;
  keep: boolean;
}

/**
 * Values kept for `ttlMs` under a key, at most `maxEntries` of them (the oldest goes first). Callers
 * asking for a key while its value is being written wait for that one write instead of starting
 * their own, so a burst of dashboards asks the model once.
 */
export class SummaryCache<T> {
  private readonly entries = new Map<string, { expires: number; value: Promise<T> }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string, write: () => Promise<Written<T>>): Promise<T> {
    const entry = this.entries.get(key);
    if (entry && entry.expires > this.now()) return entry.value;
    this.entries.delete(key);
    const written = write();
    const value = written.then((result) => result.value);
    const kept = { expires: Number.POSITIVE_INFINITY, value };
    this.entries.set(key, kept);
    this.dropOldest();
    const forget = () => {
      if (this.entries.get(key) === kept) this.entries.delete(key);
    };
    // The hour counts from the answer, not from the question.
    written.then((result) => {
      if (result.keep) kept.expires = this.now() + this.ttlMs;
      else forget();
    }, forget);
    return value;
  }

  private dropOldest(): void {
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) return;
      this.entries.delete(oldest);
    }
  }
}
