import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import type { Env } from '../env.ts';

/**
 * scrypt's cost, as better-auth sets it (N 16384, r 16, p 1): a 16 MiB, ~260 ms hash on the 2-core
 * machines Figgle is tested on, which is what makes a stolen hash expensive to guess.
 */
const PRODUCTION_COST = { N: 16_384, r: 16, p: 1 } as const;
/**
 * With NODE_ENV=test only, as Devise and Rails lower their stretches there: the test suites sign up
 * and sign in thousands of times, and at the production cost that was a large share of CI's CPU.
 * Every rule around the hash (who may sign in, with which password, timing-equal refusals) is the
 * same; only the work per guess is smaller. NODE_ENV=test is for test servers only (it also lets
 * loopback addresses past the sign-in limits, auth/routes.ts); `npm start` runs in development
 * or production, both at the full cost.
 */
const TEST_COST = { N: 1_024, r: 8, p: 1 } as const;
const KEY_BYTES = 64;

type Cost = { N: number; r: number; p: number };

function deriveKey(password: string, salt: string, cost: Cost): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // node:crypto's scrypt runs on libuv's thread pool: the event loop goes on serving others meanwhile.
    scrypt(
      password.normalize('NFKC'),
      salt,
      KEY_BYTES,
      { ...cost, maxmem: 128 * cost.N * cost.r * 2 },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

/** The cost Figgle hashes passwords at under these settings. */
export function passwordHashCost(env: Pick<Env, 'NODE_ENV'>): Cost {
  return env.NODE_ENV === 'test' ? TEST_COST : PRODUCTION_COST;
}

/**
 * better-auth's password hasher with the cost above. The stored form is better-auth's own
 * ("salt:key", both hex), so accounts made before this module existed still sign in.
 */
export function passwordHasher(env: Pick<Env, 'NODE_ENV'>) {
  const cost = passwordHashCost(env);
  return {
    hash: async (password: string): Promise<string> => {
      const salt = randomBytes(16).toString('hex');
      return `${salt}:${(await deriveKey(password, salt, cost)).toString('hex')}`;
    },
    verify: async ({ hash, password }: { hash: string; password: string }): Promise<boolean> => {
      const [salt, key] = hash.split(':');
      if (!salt || !key) return false;
      const expected = Buffer.from(key, 'hex');
      const actual = await deriveKey(password, salt, cost);
      return expected.length === actual.length && timingSafeEqual(expected, actual);
    },
  };
}
