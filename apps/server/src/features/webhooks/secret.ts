import { randomBytes } from 'node:crypto';
import { decryptToken, encryptToken } from '../../figma/token-crypto.ts';

// The worker needs the secret itself to sign each body, so it is encrypted (not hashed) with a key
// derived from SECRET for this purpose alone; the owner sees it once, in the answer to the creation.

const PURPOSE = 'webhook-secret-encryption';

export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64url')}`;
}

export function encryptWebhookSecret(secret: string, serverSecret: string): string {
  return encryptToken(secret, serverSecret, PURPOSE);
}

/** Null when SECRET changed since the webhook was made: its deliveries can no longer be signed. */
export function decryptWebhookSecret(stored: string, serverSecret: string): string | null {
  return decryptToken(stored, serverSecret, PURPOSE);
}
