import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** Every database a benchmark creates starts with this, so `npm run bench` can find one left behind. */
const SCRATCH_DATABASE_PREFIX = 'figgle_bench_';

export interface ScratchDatabase {
  name: string;
  /** The connection string of the new database: BENCH_DATABASE_URL with its database name replaced. */
  url: string;
  drop(): Promise<void>;
}

/**
 * A new, empty database beside the one `adminUrl` names (its role needs CREATEDB), for one benchmark
 * run. `drop()` removes it even while a server is still connected to it.
 */
export async function createScratchDatabase(adminUrl: string, label: string): Promise<ScratchDatabase> {
  const name = `${SCRATCH_DATABASE_PREFIX}${label.replace(/[^a-z0-9]/gi, '_').toLowerCase()}_${randomBytes(4).toString('hex')}`;
  await asAdmin(adminUrl, (admin) => admin.query(`CREATE DATABASE ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: async () => {
      await asAdmin(adminUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

/** The scratch databases that exist now (any benchmark's, this run's or not). */
export function listScratchDatabases(adminUrl: string): Promise<string[]> {
  return asAdmin(adminUrl, async (admin) => {
    const { rows } = await admin.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE starts_with(datname, $1) ORDER BY datname`,
      [SCRATCH_DATABASE_PREFIX],
    );
    return rows.map((row) => row.datname);
  });
}

/**
 * Drops the scratch databases that appeared since `before` was listed: what a benchmark that crashed or
 * was interrupted left behind. Without FORCE on purpose: a database someone is still connected to (a
 * benchmark of another run on the same server) is left alone and named in the answer's `inUse`.
 */
export async function dropScratchDatabasesSince(
  adminUrl: string,
  before: string[],
): Promise<{ dropped: string[]; inUse: string[] }> {
  const appeared = (await listScratchDatabases(adminUrl)).filter((name) => !before.includes(name));
  const dropped: string[] = [];
  const inUse: string[] = [];
  await asAdmin(adminUrl, async (admin) => {
    for (const name of appeared) {
      try {
        await admin.query(`DROP DATABASE IF EXISTS ${name}`);
        dropped.push(name);
      } catch {
        inUse.push(name);
      }
    }
  });
  return { dropped, inUse };
}

async function asAdmin<T>(adminUrl: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}
