import { sql } from 'kysely';
import type { AuthServices } from '../auth-services.ts';
import { announceSessionsEnded } from '../session-ended.ts';
import { type LdapSettings, stillInDirectory } from './directory.ts';
import { LDAP_PROVIDER_ID } from './ldap-plugin.ts';

type Deps = Pick<AuthServices, 'db' | 'bus' | 'sessionMemory'> & {
  log: { warn: (obj: object, msg: string) => void };
};

/**
 * One round: every directory account with a session is looked up again with the search filter;
 * the sessions of one the directory no longer finds (disabled or removed) end, sockets included.
 * When the directory cannot be asked, nothing ends (and the next sign-in is refused anyway).
 */
async function checkDirectoryAccounts(deps: Deps, settings: LdapSettings): Promise<number> {
  const { rows } = await sql<{ account_id: string; user_id: string }>`
    SELECT DISTINCT a."accountId" AS account_id, a."userId" AS user_id
    FROM auth_account a JOIN auth_session s ON s."userId" = a."userId"
    WHERE a."providerId" = ${LDAP_PROVIDER_ID}`.execute(deps.db);
  if (rows.length === 0) return 0;
  const found = await stillInDirectory(
    settings,
    rows.map((row) => row.account_id),
  );
  if (!found) {
    deps.log.warn({}, 'directory check skipped: the LDAP server did not answer');
    return 0;
  }
  let ended = 0;
  for (const row of rows) {
    if (found.get(row.account_id) !== false) continue;
    await sql`DELETE FROM auth_session WHERE "userId" = ${row.user_id}`.execute(deps.db);
    announceSessionsEnded(deps, { authUserId: row.user_id });
    ended += 1;
  }
  return ended;
}

/** Runs checkDirectoryAccounts every LDAP_CHECK_INTERVAL_MS, one round at a time; returns the stop. */
export function watchDirectoryAccounts(deps: Deps, settings: LdapSettings, intervalMs: number): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    checkDirectoryAccounts(deps, settings)
      .catch((error: unknown) => deps.log.warn({ err: error }, 'directory check failed'))
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
