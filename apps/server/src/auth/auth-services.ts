import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Env } from '../env.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { Bus } from '../realtime/bus.ts';
import type { Auth } from './auth.ts';
import type { SessionMemory } from './session-lookup.ts';

/**
 * The services the sign-in code uses, by name: the same instances as app-types.ts's `AppDeps`, which
 * stands above auth/ and is not imported from here
 * (docs/decisions/0020-server-folders-in-one-direction.md).
 */
export interface AuthServices {
  db: Kysely<Database>;
  auth: Auth;
  env: Env;
  mailer: Mailer;
  bus: Bus;
  sessionMemory: SessionMemory;
}
