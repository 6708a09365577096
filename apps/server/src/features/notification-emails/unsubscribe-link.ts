import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Env } from '../../env.ts';

/** Long enough for an email read weeks later; short enough that an old forwarded one stops working. */
const UNSUBSCRIBE_LINK_DAYS = 60;
const DAY_MS = 24 * 60 * 60 * 1000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A key of its own, derived from SECRET: a signature made for unsubscribing can never pass for a
 * session's or anything else SECRET signs.
 */
function unsubscribeKey(secret: string): Buffer {
  return createHmac('sha256', secret).update('figgle unsubscribe link v1').digest();
}

function signatureOf(secret: string, userId: string, expiresAt: number): Buffer {
  return createHmac('sha256', unsubscribeKey(secret)).update(`${userId}.${expiresAt}`).digest();
}

/** `<user id>.<expiry in seconds>.<HMAC-SHA256>`: who, until when, and proof Figgle wrote both. */
export function unsubscribeToken(secret: string, userId: string, now: Date): string {
  const expiresAt = Math.floor((now.getTime() + UNSUBSCRIBE_LINK_DAYS * DAY_MS) / 1000);
  return `${userId}.${expiresAt}.${signatureOf(secret, userId, expiresAt).toString('base64url')}`;
}

export function unsubscribeUrl(env: Pick<Env, 'PUBLIC_URL' | 'SECRET'>, userId: string, now: Date): string {
  const token = unsubscribeToken(env.SECRET, userId, now);
  return `${env.PUBLIC_URL}/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`;
}

export type UnsubscribeCheck =
  | { valid: true; userId: string }
  | { valid: false; reason: 'forged' }
  /** Figgle wrote it, for this person, but too long ago: the page still speaks their language. */
  | { valid: false; reason: 'expired'; userId: string };

/** The signature first (in constant time), the expiry only for a token Figgle wrote. */
export function checkUnsubscribeToken(secret: string, token: string, now: Date): UnsubscribeCheck {
  const [userId = '', expires = '', signature = '', extra] = token.split('.');
  if (extra !== undefined || !UUID.test(userId) || !/^\d{1,12}$/.test(expires)) {
    return { valid: false, reason: 'forged' };
  }
  const expected = signatureOf(secret, userId, Number(expires));
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { valid: false, reason: 'forged' };
  }
  if (Number(expires) * 1000 <= now.getTime()) {
    return { valid: false, reason: 'expired', userId: userId.toLowerCase() };
  }
  return { valid: true, userId: userId.toLowerCase() };
}
