// @database pglite
import { describe, expect, it } from 'vitest';
import {
  createFailureDelay,
  createWindowCounter,
  delayAfter,
  tooManyAttemptsMessage,
} from './attempt-limiter.ts';
import { addressKey, createEndpointLimits, type PolicyLimits } from './endpoint-limits.ts';

const start = 1_700_000_000_000;
const seconds = (count: number) => count * 1000;

describe('window counter', () => {
  it('blocks a key after its max within the window, says how long, and lets it go when the window ends', () => {
    const counter = createWindowCounter({ max: 3, windowSeconds: 60 });
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect(counter.blockedFor('a', start + seconds(attempt))).toBeNull();
      counter.record('a', start + seconds(attempt));
    }
    expect(counter.blockedFor('a', start + seconds(10))).toBe(50);
    expect(counter.blockedFor('b', start + seconds(10))).toBeNull();
    expect(counter.blockedFor('a', start + seconds(60))).toBeNull();
  });

  it('drops expired keys as time passes, without waiting for the map to fill', () => {
    const counter = createWindowCounter({ max: 1, windowSeconds: 60 });
    for (let key = 0; key < 1000; key += 1) counter.record(`old-${key}`, start + key);
    counter.record('late', start + seconds(30));
    expect(counter.size).toBe(1001);
    counter.record('new', start + seconds(61));
    // Every old window ended; the one opened 31 seconds before is still counting.
    expect(counter.size).toBe(2);
    expect(counter.blockedFor('late', start + seconds(61))).toBe(29);
  });

  it('when full of live keys, gives way from its own oldest keys only', () => {
    const ips = createWindowCounter({ max: 1, windowSeconds: 600 }, 100);
    const emails = createWindowCounter({ max: 1, windowSeconds: 600 }, 100);
    emails.record('owner@example.test', start);
    for (let key = 0; key < 500; key += 1) ips.record(`198.51.100.${key}`, start + key);
    expect(ips.size).toBe(100);
    expect(ips.blockedFor('198.51.100.0', start + seconds(1))).toBeNull();
    expect(ips.blockedFor('198.51.100.499', start + seconds(1))).toBe(600);
    expect(emails.blockedFor('owner@example.test', start + seconds(1))).toBe(599);
  });
});

describe('failure delay', () => {
  const rule = { freeFailures: 5, firstDelaySeconds: 15, maxDelaySeconds: 900, forgetAfterSeconds: 3600 };

  it('lets the first failures go, then doubles the wait up to its ceiling', () => {
    expect([1, 4, 5, 6, 7, 8, 10, 11, 40].map((failures) => delayAfter(rule, failures))).toEqual([
      0, 0, 15, 30, 60, 120, 480, 900, 900,
    ]);
  });

  it('makes a key wait after its fifth failure, longer after each further one', () => {
    const delay = createFailureDelay(rule);
    let now = start;
    for (let failure = 0; failure < 5; failure += 1) {
      expect(delay.blockedFor('me|a', now)).toBeNull();
      delay.recordFailure('me|a', now);
      now += seconds(1);
    }
    expect(delay.blockedFor('me|a', now)).toBe(14);
    now += seconds(15);
    expect(delay.blockedFor('me|a', now)).toBeNull();
    delay.recordFailure('me|a', now);
    expect(delay.blockedFor('me|a', now)).toBe(30);
    expect(delay.blockedFor('me|b', now)).toBeNull();
  });

  it('forgets a key on success, or an hour after its last failure', () => {
    const delay = createFailureDelay(rule);
    for (let failure = 0; failure < 8; failure += 1) delay.recordFailure('me|a', start);
    for (let failure = 0; failure < 8; failure += 1) delay.recordFailure('me|b', start);
    delay.forget('me|a');
    expect(delay.blockedFor('me|a', start)).toBeNull();
    expect(delay.blockedFor('me|b', start + seconds(100))).toBe(20);
    expect(delay.blockedFor('me|b', start + seconds(3600))).toBeNull();
    expect(delay.size).toBe(0);
  });
});

describe('endpoint limits', () => {
  const signIn: PolicyLimits = {
    name: 'sign-in',
    perIp: { max: 50, windowSeconds: 600 },
    perEmailAndAddress: {
      freeFailures: 5,
      firstDelaySeconds: 15,
      maxDelaySeconds: 900,
      forgetAfterSeconds: 3600,
    },
    failuresOnly: true,
  };
  const link: PolicyLimits = {
    name: 'magic-link',
    perIp: { max: 20, windowSeconds: 900 },
    perEmail: { max: 5, windowSeconds: 900 },
  };

  it("counts a stranger's failures against the stranger's address, not against the owner elsewhere", () => {
    const limits = createEndpointLimits();
    const stranger = { ip: '203.0.113.9', address: '203.0.113.9', email: 'owner@example.test' };
    for (let failure = 0; failure < 10; failure += 1) {
      if (limits.blockedFor(signIn, stranger) > 0) break;
      limits.finished(signIn, stranger, true);
    }
    expect(limits.blockedFor(signIn, stranger)).toBeGreaterThan(0);
    const owner = { ip: '198.51.100.7', address: '198.51.100.7', email: 'owner@example.test' };
    expect(limits.blockedFor(signIn, owner)).toBe(0);
  });

  it('keeps per-email counts through a flood of addresses', () => {
    const limits = createEndpointLimits();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      limits.started(link, {
        ip: `192.0.2.${attempt}`,
        address: `192.0.2.${attempt}`,
        email: 'owner@example.test',
      });
    }
    for (let attempt = 0; attempt < 60_000; attempt += 1) {
      const ip = `10.${(attempt >> 16) & 255}.${(attempt >> 8) & 255}.${attempt & 255}`;
      limits.started(link, { ip, address: ip });
    }
    expect(
      limits.blockedFor(link, { ip: '192.0.2.200', address: '192.0.2.200', email: 'owner@example.test' }),
    ).toBeGreaterThan(0);
  });

  it('keys counters by policy name: two policies never share a count', () => {
    const limits = createEndpointLimits();
    const asker = { ip: '192.0.2.1', address: '192.0.2.1', email: 'owner@example.test' };
    for (let attempt = 0; attempt < 5; attempt += 1) limits.started(link, asker);
    expect(limits.blockedFor(link, asker)).toBeGreaterThan(0);
    expect(limits.blockedFor({ ...link, name: 'password-reset-link' }, asker)).toBe(0);
  });
});

describe('client address as a key', () => {
  it.each([
    ['203.0.113.5', '203.0.113.5'],
    ['::ffff:203.0.113.5', '203.0.113.5'],
    ['2001:db8:1:2:aaaa::1', '2001:db8:1:2::/64'],
    ['2001:db8:1:2:ffff:ffff:ffff:ffff', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
  ])('%s counts as %s', (ip, key) => {
    expect(addressKey(ip)).toBe(key);
  });
});

describe('wait in words', () => {
  it.each([
    [1, 'Too many attempts. Please wait 1 second and try again.'],
    [45, 'Too many attempts. Please wait 45 seconds and try again.'],
    [60, 'Too many attempts. Please wait 1 minute and try again.'],
    [61, 'Too many attempts. Please wait 2 minutes and try again.'],
  ])('%i seconds', (wait, message) => {
    expect(tooManyAttemptsMessage(wait)).toBe(message);
  });
});
