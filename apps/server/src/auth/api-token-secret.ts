import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * How a token is written: `figgle_`, a prefix of ten letters or digits that finds its row (and lets
 * its owner recognise it), `_`, then 32 random bytes in base64url. The prefix carries no secret.
 */
const TOKEN_PATTERN = /^figgle_([a-z0-9]{10})_([A-Za-z0-9_-]{43})$/;
const PREFIX_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

export interface NewToken {
  token: string;
  prefix: string;
  secretHash: string;
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A fresh token: 256 random bits, so its SHA-256 is enough to keep (no slow hash needed). */
export function newToken(): NewToken {
  const prefix = Array.from(randomBytes(10), (byte) => PREFIX_ALPHABET[byte % PREFIX_ALPHABET.length]).join(
    '',
  );
  const token = `figgle_${prefix}_${randomBytes(32).toString('base64url')}`;
  return { token, prefix, secretHash: hashToken(token) };
}

/** The prefix of a well-formed token, or null for anything else. */
export function prefixOf(token: string): string | null {
  return TOKEN_PATTERN.exec(token)?.[1] ?? null;
}

/** How the list shows a token: its visible start. */
export function visiblePrefix(prefix: string): string {
  return `figgle_${prefix}`;
}

// A hash no token has: an unknown prefix is still compared, so it takes as long as a wrong secret.
const NO_HASH = Buffer.alloc(32);

/** Whether `token` hashes to `storedHash` (hex), in constant time; `storedHash` null for no row. */
export function tokenMatches(token: string, storedHash: string | null): boolean {
  const expected = storedHash ? Buffer.from(storedHash, 'hex') : NO_HASH;
  const actual = Buffer.from(hashToken(token), 'hex');
  return timingSafeEqual(actual, expected) && storedHash !== null;
}
