import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

// Personal Figma tokens (and webhooks' signing secrets) are kept encrypted at rest: AES-256-GCM with
// a key derived from SECRET by HKDF-SHA256, one key per purpose, so the database alone (a dump, a
// backup) never reveals them. Stored as `v1.<iv>.<tag>.<ciphertext>`, each part base64url.

const VERSION = 'v1';
const keys = new Map<string, Buffer>();

const FIGMA_TOKENS = 'figma-token-encryption';

function keyFrom(secret: string, purpose: string): Buffer {
  let key = keys.get(`${purpose}:${secret}`);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', secret, 'figgle', purpose, 32));
    keys.set(`${purpose}:${secret}`, key);
  }
  return key;
}

export function encryptToken(token: string, secret: string, purpose = FIGMA_TOKENS): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFrom(secret, purpose), iv);
  const ciphertext = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [VERSION, iv, tag, ciphertext]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** The token, or null when the value is not ours or SECRET changed since it was stored. */
export function decryptToken(stored: string, secret: string, purpose = FIGMA_TOKENS): string | null {
  const [version, iv, tag, ciphertext] = stored.split('.');
  if (version !== VERSION || !iv || !tag || ciphertext === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyFrom(secret, purpose), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    return null;
  }
}

/** What a person may see of their token: its kind prefix and last four characters, e.g. `figd_…a1b2`. */
export function redactToken(token: string): string {
  const prefix = /^[a-z]{2,6}_/i.exec(token)?.[0] ?? '';
  const rest = token.slice(prefix.length);
  const tail = rest.length > 8 ? rest.slice(-4) : '';
  return `${prefix}…${tail}`;
}
