// @database pglite
import { hashPassword } from 'better-auth/crypto';
import { describe, expect, it } from 'vitest';
import { passwordHashCost, passwordHasher } from './password-hashing.ts';

describe('password hashing', () => {
  it("keeps better-auth's cost outside tests, so a stolen hash costs as much to guess as before", () => {
    expect(passwordHashCost({ NODE_ENV: 'production' })).toEqual({ N: 16_384, r: 16, p: 1 });
    expect(passwordHashCost({ NODE_ENV: 'development' })).toEqual({ N: 16_384, r: 16, p: 1 });
    expect(passwordHashCost({ NODE_ENV: 'test' }).N).toBeLessThan(16_384);
  });

  it('signs in accounts whose hash better-auth made before Figgle hashed passwords itself', async () => {
    const stored = await hashPassword('correct horse');
    const hasher = passwordHasher({ NODE_ENV: 'production' });
    expect(await hasher.verify({ hash: stored, password: 'correct horse' })).toBe(true);
    expect(await hasher.verify({ hash: stored, password: 'correct hors' })).toBe(false);
  });

  it('accepts the password a hash was made from and no other, at either cost', async () => {
    for (const NODE_ENV of ['production', 'test'] as const) {
      const hasher = passwordHasher({ NODE_ENV });
      const hash = await hasher.hash('pässword');
      expect(hash).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
      expect(await hasher.hash('pässword')).not.toBe(hash);
      expect(await hasher.verify({ hash, password: 'pässword' })).toBe(true);
      // NFKC: the same letter typed composed or decomposed is the same password.
      expect(await hasher.verify({ hash, password: 'pa\u0308ssword' })).toBe(true);
      expect(await hasher.verify({ hash, password: 'password' })).toBe(false);
    }
  });

  it('refuses a malformed stored hash instead of throwing', async () => {
    const hasher = passwordHasher({ NODE_ENV: 'test' });
    expect(await hasher.verify({ hash: 'not-a-hash', password: 'x' })).toBe(false);
    expect(await hasher.verify({ hash: 'abcd:12', password: 'x' })).toBe(false);
  });
});
