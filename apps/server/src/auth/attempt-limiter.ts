/** At most `max` counted attempts per key in a fixed window of `windowSeconds` from its first one. */
export interface AttemptRule {
  max: number;
  windowSeconds: number;
}

/**
 * Failures of one key answered with a growing wait: the first `freeFailures` cost nothing, then each
 * one doubles the wait from `firstDelaySeconds` up to `maxDelaySeconds`. A key is forgotten after
 * `forgetAfterSeconds` without a failure, or at once after a success.
 */
export interface DelayRule {
  freeFailures: number;
  firstDelaySeconds: number;
  maxDelaySeconds: number;
  forgetAfterSeconds: number;
}

/**
 * Keys held in one counter before the oldest give way. Each counter is its own store: a flood of
 * keys in one (many addresses) never pushes out the keys of another (an address's failures).
 */
const DEFAULT_MAX_KEYS = 50_000;

/**
 * A map whose entries all live the same length of time once (re)inserted: insertion order is then
 * expiry order, so expired entries are dropped from the front, never by scanning the whole map.
 */
class ExpiringMap<T extends { expiresAt: number }> {
  private readonly entries = new Map<string, T>();

  constructor(private readonly maxKeys: number) {}

  get size(): number {
    return this.entries.size;
  }

  get(key: string, now: number): T | undefined {
    this.dropExpired(now);
    const entry = this.entries.get(key);
    // Only a clock set back could leave an expired entry behind a live one.
    if (entry && entry.expiresAt <= now) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  /** Puts `key` at the back (its expiry is the latest), making room from the front when full. */
  set(key: string, entry: T, now: number): void {
    this.dropExpired(now);
    this.entries.delete(key);
    while (this.entries.size >= this.maxKeys) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.entries.delete(oldest.value);
    }
    this.entries.set(key, entry);
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  private dropExpired(now: number): void {
    for (const [key, entry] of this.entries) {
      if (entry.expiresAt > now) return;
      this.entries.delete(key);
    }
  }
}

export interface WindowCounter {
  /**
   * Seconds to wait when `key` used up the rule, otherwise null. Counts nothing. `pending` attempts
   * under way count as used.
   */
  blockedFor(key: string, now?: number, pending?: number): number | null;
  /** Counts one attempt of `key`. */
  record(key: string, now?: number): void;
  readonly size: number;
}

/** Fixed windows per key, for one rule: every key's window has the same length. */
export function createWindowCounter(rule: AttemptRule, maxKeys = DEFAULT_MAX_KEYS): WindowCounter {
  const windows = new ExpiringMap<{ count: number; expiresAt: number }>(maxKeys);
  return {
    blockedFor(key, now = Date.now(), pending = 0) {
      const window = windows.get(key, now);
      if ((window?.count ?? 0) + pending < rule.max) return null;
      return window ? Math.max(1, Math.ceil((window.expiresAt - now) / 1000)) : 1;
    },
    record(key, now = Date.now()) {
      const window = windows.get(key, now);
      // Counting in place keeps the key where its window started, which is where its expiry sorts.
      if (window) window.count += 1;
      else windows.set(key, { count: 1, expiresAt: now + rule.windowSeconds * 1000 }, now);
    },
    get size() {
      return windows.size;
    },
  };
}

export interface FailureDelay {
  /**
   * Seconds until `key` may try again, otherwise null. `pending` attempts under way count as
   * failures: within the free ones, as many as are left; past them, one at a time.
   */
  blockedFor(key: string, now?: number, pending?: number): number | null;
  recordFailure(key: string, now?: number): void;
  /** A success: the key starts afresh. */
  forget(key: string): void;
  readonly size: number;
}

/** The wait after `failures` failures in a row, in seconds. */
export function delayAfter(rule: DelayRule, failures: number): number {
  if (failures < rule.freeFailures) return 0;
  const doublings = failures - rule.freeFailures;
  return Math.min(rule.maxDelaySeconds, rule.firstDelaySeconds * 2 ** Math.min(doublings, 30));
}

/** Growing waits per key, for one rule. */
export function createFailureDelay(rule: DelayRule, maxKeys = DEFAULT_MAX_KEYS): FailureDelay {
  const failures = new ExpiringMap<{ count: number; lastAt: number; expiresAt: number }>(maxKeys);
  return {
    blockedFor(key, now = Date.now(), pending = 0) {
      const entry = failures.get(key, now);
      const count = entry?.count ?? 0;
      if (entry) {
        const until = entry.lastAt + delayAfter(rule, entry.count) * 1000;
        if (until > now) return Math.max(1, Math.ceil((until - now) / 1000));
      }
      const allowed = Math.max(1, rule.freeFailures - count);
      return pending >= allowed ? Math.max(1, delayAfter(rule, count + pending)) : null;
    },
    recordFailure(key, now = Date.now()) {
      const count = (failures.get(key, now)?.count ?? 0) + 1;
      // Re-inserted at the back: its expiry moves to the latest.
      failures.set(key, { count, lastAt: now, expiresAt: now + rule.forgetAfterSeconds * 1000 }, now);
    },
    forget(key) {
      failures.delete(key);
    },
    get size() {
      return failures.size;
    },
  };
}

/** 'Too many attempts' with how long to wait, in words. */
export function tooManyAttemptsMessage(retryAfterSeconds: number): string {
  const wait =
    retryAfterSeconds < 60
      ? `${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'}`
      : `${Math.ceil(retryAfterSeconds / 60)} minute${Math.ceil(retryAfterSeconds / 60) === 1 ? '' : 's'}`;
  return `Too many attempts. Please wait ${wait} and try again.`;
}
