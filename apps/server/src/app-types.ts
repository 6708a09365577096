import type { Kysely } from 'kysely';
import type { Auth } from './auth/auth.ts';
import type { SessionMemory } from './auth/session-lookup.ts';
import type { Clock } from './clock/clock.ts';
import type { DatabaseHandle } from './db/database.ts';
import type { Database } from './db/schema.ts';
import type { Env } from './env.ts';
import type { AppInstance } from './http/app-instance.ts';
import type { Mailer } from './mail/mailer.ts';
import type { ServerMetrics } from './metrics/server-metrics.ts';
import type { HostLookup } from './net/host-lookup.ts';
import type { Bus } from './realtime/bus.ts';

// The app's types live apart from app.ts: routes and commands import them, and app.ts imports every
// route, so importing app.ts from a route would close an import cycle through the whole server.
// This file stands above the folders whose services it names (auth/, clock/, mail/), so none of
// them imports it: their plugins take `AppInstance` from http/app-instance.ts, their functions the
// services they use by name. A feature's own service joins `AppDeps` from the feature, by declaration
// merging (features/imports/import-slots.ts), so this file names no feature.
// See docs/decisions/0020-server-folders-in-one-direction.md.

export type { AppInstance };

export interface AppDeps {
  env: Env;
  database: DatabaseHandle;
  db: Kysely<Database>;
  mailer: Mailer;
  auth: Auth;
  bus: Bus;
  /** The server's time (clock/clock.ts): the system's, or one a test drives. */
  clock: Clock;
  /** How webhook host names are resolved: the system's resolver, or one a test gives names to. */
  hostLookup?: HostLookup;
  /** Session reads remembered until their tables are written (auth/session-lookup.ts). */
  sessionMemory: SessionMemory;
  /** This server's counters for GET /metrics (metrics/server-metrics.ts). */
  metrics: ServerMetrics;
}

export interface AppInputs {
  env: Env;
  database: DatabaseHandle;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}
