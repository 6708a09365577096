import { createHash, randomBytes } from 'node:crypto';

/** How a feed token is written: `figgle_cal_` and 32 random bytes (256 bits) in base64url. */
const TOKEN_PATTERN = /^figgle_cal_[A-Za-z0-9_-]{43}$/;

/** SHA-256 of a token, in hex: what the database keeps. 256 random bits need no slow hash. */
export function hashFeedToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function newFeedToken(): { token: string; secretHash: string } {
  const token = `figgle_cal_${randomBytes(32).toString('base64url')}`;
  return { token, secretHash: hashFeedToken(token) };
}

/** Whether `token` has the shape of a feed token (anything else is not looked up). */
export function isFeedToken(token: string): boolean {
  return TOKEN_PATTERN.test(token);
}

/** The feed's address on this server's public URL. */
export function feedUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/api/calendar-feeds/${token}/tasks.ics`;
}
