import { isIPv6 } from 'node:net';
import {
  type AttemptRule,
  createFailureDelay,
  createWindowCounter,
  type DelayRule,
  type FailureDelay,
  type WindowCounter,
} from './attempt-limiter.ts';

/** The limits of one endpoint policy; its name keys its counters. */
export interface PolicyLimits {
  name: string;
  perIp: AttemptRule;
  perEmail?: AttemptRule;
  perAccount?: AttemptRule;
  /** Policies naming the same account counter share one budget per account (default: their own). */
  accountCounter?: string;
  /** Failures of one email from one client address, answered with a growing wait. */
  perEmailAndAddress?: DelayRule;
  /** Count only failed attempts (a wrong password), not every request. */
  failuresOnly?: boolean;
}

/** Who is asking: each part present is counted (the address is absent when exempt from per-IP limits). */
export interface Asker {
  /** The client's address as counted per IP, or undefined when it is exempt. */
  ip?: string;
  /** The client's address, always: failures are counted per email and address even when exempt. */
  address: string;
  email?: string;
  account?: string;
}

interface Counters {
  ip: WindowCounter;
  email?: WindowCounter;
  account?: WindowCounter;
  emailAndAddress?: FailureDelay;
}

/**
 * A client address as one key: an IPv6 host usually holds a whole /64, so its first four groups
 * count as one client (a fresh address per request would otherwise dodge every per-IP limit).
 */
export function addressKey(ip: string): string {
  if (!isIPv6(ip) || /^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(ip)) return ip.replace(/^::ffff:/i, '');
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = ip.includes('::') ? (tail ? tail.split(':') : []) : [];
  const zeros = Array(Math.max(0, 8 - headGroups.length - tailGroups.length)).fill('0');
  const groups = ip.includes('::') ? [...headGroups, ...zeros, ...tailGroups] : headGroups;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/**
 * The attempt counters of every endpoint policy. Each policy and each kind of key (IP, email,
 * account, email and address) has its own store, so a flood of one kind never evicts another's
 * counts, and a junk path cannot make a new store: unknown paths never reach here.
 */
export function createEndpointLimits() {
  const byPolicy = new Map<string, Counters>();
  const byAccountCounter = new Map<string, WindowCounter>();

  function accountCounterOf(policy: PolicyLimits): WindowCounter | undefined {
    if (!policy.perAccount) return undefined;
    const name = policy.accountCounter ?? policy.name;
    let counter = byAccountCounter.get(name);
    if (!counter) {
      counter = createWindowCounter(policy.perAccount);
      byAccountCounter.set(name, counter);
    }
    return counter;
  }

  function countersOf(policy: PolicyLimits): Counters {
    let counters = byPolicy.get(policy.name);
    if (!counters) {
      counters = {
        ip: createWindowCounter(policy.perIp),
        email: policy.perEmail && createWindowCounter(policy.perEmail),
        account: accountCounterOf(policy),
        emailAndAddress: policy.perEmailAndAddress && createFailureDelay(policy.perEmailAndAddress),
      };
      byPolicy.set(policy.name, counters);
    }
    return counters;
  }

  const pairKey = (asker: Asker) => `${asker.email}|${addressKey(asker.address)}`;

  /**
   * Attempts under way that count only if they fail: reserved before they are checked, released when
   * answered, so a burst sent at once is judged as if its attempts came one by one (issue 37, item 3).
   */
  const inFlight = new Map<string, number>();
  const flightKeys = (policy: PolicyLimits, asker: Asker): string[] => {
    const keys: string[] = [];
    if (asker.ip !== undefined) keys.push(`${policy.name}|ip|${addressKey(asker.ip)}`);
    if (asker.email && policy.perEmail) keys.push(`${policy.name}|email|${asker.email}`);
    if (asker.email && policy.perEmailAndAddress) keys.push(`${policy.name}|pair|${pairKey(asker)}`);
    if (asker.account && policy.perAccount)
      keys.push(`${policy.accountCounter ?? policy.name}|account|${asker.account}`);
    return keys;
  };
  const flying = (key: string) => inFlight.get(key) ?? 0;

  function countAttempt(counters: Counters, asker: Asker) {
    if (asker.ip !== undefined) counters.ip.record(addressKey(asker.ip));
    if (asker.email) counters.email?.record(asker.email);
    if (asker.account) counters.account?.record(asker.account);
  }

  return {
    /** Seconds `asker` must wait before this endpoint answers again; 0 when it may go on. */
    blockedFor(policy: PolicyLimits, asker: Asker): number {
      const counters = countersOf(policy);
      // Attempts still under way count as failures until they are answered.
      const pending = (kind: string, key: string) =>
        policy.failuresOnly
          ? flying(
              `${kind === 'account' ? (policy.accountCounter ?? policy.name) : policy.name}|${kind}|${key}`,
            )
          : 0;
      const waits = [
        asker.ip !== undefined
          ? counters.ip.blockedFor(addressKey(asker.ip), undefined, pending('ip', addressKey(asker.ip)))
          : null,
      ];
      if (asker.email) {
        waits.push(counters.email?.blockedFor(asker.email, undefined, pending('email', asker.email)) ?? null);
        waits.push(
          counters.emailAndAddress?.blockedFor(pairKey(asker), undefined, pending('pair', pairKey(asker))) ??
            null,
        );
      }
      if (asker.account)
        waits.push(
          counters.account?.blockedFor(asker.account, undefined, pending('account', asker.account)) ?? null,
        );
      return Math.max(0, ...waits.map((wait) => wait ?? 0));
    },
    /** An attempt is under way: counted now unless the policy counts only failures. */
    started(policy: PolicyLimits, asker: Asker): void {
      if (!policy.failuresOnly) countAttempt(countersOf(policy), asker);
      else for (const key of flightKeys(policy, asker)) inFlight.set(key, flying(key) + 1);
    },
    /** The attempt was answered: failures count, and a success clears its email and address. */
    finished(policy: PolicyLimits, asker: Asker, failed: boolean): void {
      const counters = countersOf(policy);
      if (policy.failuresOnly) {
        for (const key of flightKeys(policy, asker)) {
          const left = flying(key) - 1;
          if (left > 0) inFlight.set(key, left);
          else inFlight.delete(key);
        }
      }
      if (failed && policy.failuresOnly) countAttempt(counters, asker);
      if (!asker.email || !counters.emailAndAddress) return;
      if (failed) counters.emailAndAddress.recordFailure(pairKey(asker));
      else counters.emailAndAddress.forget(pairKey(asker));
    },
  };
}
