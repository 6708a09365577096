import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A fresh webhook passcode: 256 random bits (Figma accepts at most 100 characters). */
export function newPasscode(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Compares a delivered passcode with the stored one in constant time: both are hashed first, so
 * neither their content nor their length shows in the time taken.
 */
export function passcodeMatches(received: unknown, stored: string | null | undefined): boolean {
  const a = createHash('sha256')
    .update(typeof received === 'string' ? received : '')
    .digest();
  const b = createHash('sha256')
    .update(stored ?? '')
    .digest();
  return timingSafeEqual(a, b) && typeof received === 'string' && received.length > 0 && !!stored;
}

/**
 * Passcodes of webhooks being created right now. Figma sends its PING while the creation call is
 * still running, before Figgle knows (and stores) the new webhook's id: such a PING is answered 200.
 */
const pendingPasscodes = new Set<string>();

export function holdPendingPasscode(passcode: string): () => void {
  pendingPasscodes.add(passcode);
  return () => {
    pendingPasscodes.delete(passcode);
  };
}

export function isPendingPasscode(received: unknown): boolean {
  let found = false;
  for (const passcode of pendingPasscodes) {
    if (passcodeMatches(received, passcode)) found = true;
  }
  return found;
}
