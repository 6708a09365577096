export interface AttemptRule {
  max: number;
  windowSeconds: number;
}

interface Bucket {
  count: number;
  resetAt: number;
}

export interface AttemptLimiter {
  /** Seconds to wait when `key` already used up `rule`, otherwise null (nothing is counted). */
  blockedFor(key: string, rule: AttemptRule, now?: number): number | null;
  /** Counts one attempt against `key`. */
  record(key: string, rule: AttemptRule, now?: number): void;
}

const MAX_KEYS = 100_000;

/**
 * Fixed windows per key, kept in this process's memory: Figgle runs as one server process, and a
 * restart forgetting the counts only gives an attacker back a few attempts.
 */
export function createAttemptLimiter(): AttemptLimiter {
  const buckets = new Map<string, Bucket>();

  function live(key: string, now: number): Bucket | undefined {
    const bucket = buckets.get(key);
    if (bucket && bucket.resetAt <= now) {
      buckets.delete(key);
      return undefined;
    }
    return bucket;
  }

  function prune(now: number) {
    if (buckets.size < MAX_KEYS) return;
    for (const [key, bucket] of buckets) if (bucket.resetAt <= now) buckets.delete(key);
    // Still full of live keys (a flood of distinct addresses): drop the oldest entries.
    for (const key of buckets.keys()) {
      if (buckets.size < MAX_KEYS) break;
      buckets.delete(key);
    }
  }

  return {
    blockedFor(key, rule, now = Date.now()) {
      const bucket = live(key, now);
      if (!bucket || bucket.count < rule.max) return null;
      return Math.max(1, Math.ceil((bucket.resetAt - now) / 1000));
    },
    record(key, rule, now = Date.now()) {
      const bucket = live(key, now);
      if (bucket) {
        bucket.count += 1;
        return;
      }
      prune(now);
      buckets.set(key, { count: 1, resetAt: now + rule.windowSeconds * 1000 });
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
