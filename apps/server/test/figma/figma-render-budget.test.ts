// @database both
import { openTestDatabase, testDatabaseKind } from '@figgle/test-support/database-template';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/db/database.ts';
import { IMAGE_RENDERS_PER_MINUTE, takeRender } from '../../src/features/figma-design-changes/render-rate.ts';

/**
 * Figma's render budget is per token, so it is counted in the database: servers sharing one
 * PostgreSQL share it, and takes made at the same moment never spend more than the minute allows.
 */
const FIGMA = 'http://127.0.0.1:1/figma';
let first: DatabaseHandle & { url?: string };
/** On PostgreSQL, a second server's own connections to the same database; on PGlite, the same one. */
let second: DatabaseHandle;
let organizationId: string;

beforeAll(async () => {
  first = await openTestDatabase();
  second =
    testDatabaseKind() === 'postgres' ? await openDatabase({ databaseUrl: first.url!, dataDir: '' }) : first;
  const { rows } = await sql<{ organization_id: string }>`
    INSERT INTO organization (name) VALUES ('Render budget') RETURNING organization_id
  `.execute(first.db);
  organizationId = rows[0]!.organization_id;
});
afterAll(async () => {
  if (second !== first) await second.close();
  await first.close();
});

describe('the image render budget', () => {
  it('gives exactly the minute’s renders to takes made at once from two servers, then the wait', async () => {
    const now = Date.parse('2026-11-30T12:00:00Z');
    const takes = Array.from({ length: IMAGE_RENDERS_PER_MINUTE + 6 }, (_, n) =>
      takeRender(n % 2 === 0 ? first.db : second.db, FIGMA, organizationId, now),
    );
    const waits = await Promise.all(takes);
    expect(waits.filter((wait) => wait === 0)).toHaveLength(IMAGE_RENDERS_PER_MINUTE);
    // Each refused take is told when the oldest render of the minute leaves the window.
    expect(waits.filter((wait) => wait > 0)).toEqual(Array(6).fill(60_000));
    expect(await takeRender(first.db, FIGMA, organizationId, now + 59_999)).toBe(1);
    // Another Figma address (another deployment's) has a budget of its own.
    expect(await takeRender(second.db, `${FIGMA}/other`, organizationId, now + 20)).toBe(0);
  });

  it('frees the budget as the minute passes, and forgets the renders it no longer counts', async () => {
    const later = Date.parse('2026-11-30T12:01:00.000Z');
    expect(await takeRender(second.db, FIGMA, organizationId, later)).toBe(0);
    const { rows } = await sql<{ count: string }>`
      SELECT count(*) AS count FROM figma_render_spent WHERE figma_base_url = ${FIGMA}
    `.execute(first.db);
    // Every render of 12:00:00 left the window at 12:01:00 and its row went: only this one counts now.
    expect(Number(rows[0]!.count)).toBe(1);
  });
});
