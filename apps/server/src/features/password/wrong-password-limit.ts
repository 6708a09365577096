import { HttpError } from '../../http/errors.ts';

const MAX_FAILURES = 5;
const WINDOW_MS = 15 * 60_000;
const MAX_ACCOUNTS = 10_000;

/**
 * Wrong current passwords per account: whoever holds a stolen session must not be able to try
 * passwords here without end. Counted in this process; the window restarts with the first failure.
 */
export class WrongPasswordLimit {
  private readonly failures = new Map<string, { count: number; since: number }>();

  /** Checks of the current password under way, per account: they count as failures until answered. */
  private readonly inFlight = new Map<string, number>();

  /**
   * Throws 429 while the account has used up its tries (checks under way included); otherwise
   * reserves a try, which the caller gives back with `release` once the check is answered.
   */
  reserve(accountId: string, now = Date.now()): void {
    this.check(accountId, now);
    this.inFlight.set(accountId, (this.inFlight.get(accountId) ?? 0) + 1);
  }

  release(accountId: string): void {
    const left = (this.inFlight.get(accountId) ?? 0) - 1;
    if (left > 0) this.inFlight.set(accountId, left);
    else this.inFlight.delete(accountId);
  }

  /** Throws 429 while the account has used up its tries. */
  check(accountId: string, now = Date.now()): void {
    const entry = this.current(accountId, now);
    const used = (entry?.count ?? 0) + (this.inFlight.get(accountId) ?? 0);
    if (used < MAX_FAILURES) return;
    const minutes = Math.max(1, Math.ceil(((entry?.since ?? now) + WINDOW_MS - now) / 60_000));
    throw new HttpError(
      429,
      'too_many_attempts',
      `Too many wrong passwords. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    );
  }

  fail(accountId: string, now = Date.now()): void {
    const entry = this.current(accountId, now);
    if (entry) {
      entry.count += 1;
      return;
    }
    // Insertion order is age order: the oldest windows go first when the map is full.
    if (this.failures.size >= MAX_ACCOUNTS) this.failures.delete(this.failures.keys().next().value!);
    this.failures.set(accountId, { count: 1, since: now });
  }

  succeed(accountId: string): void {
    this.failures.delete(accountId);
  }

  private current(accountId: string, now: number) {
    const entry = this.failures.get(accountId);
    if (entry && now - entry.since >= WINDOW_MS) {
      this.failures.delete(accountId);
      return undefined;
    }
    return entry;
  }
}
