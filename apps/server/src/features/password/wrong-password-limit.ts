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

  /** Throws 429 while the account has used up its tries. */
  check(accountId: string, now = Date.now()): void {
    const entry = this.current(accountId, now);
    if (!entry || entry.count < MAX_FAILURES) return;
    const minutes = Math.max(1, Math.ceil((entry.since + WINDOW_MS - now) / 60_000));
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
