// @database pglite
import { describe, expect, it } from 'vitest';
import { TableWrites } from './table-writes.ts';

function heard(text: string): number {
  const writes = new TableWrites();
  let calls = 0;
  writes.on(['auth_session', 'app_user'], () => {
    calls += 1;
  });
  writes.notice(text);
  return calls;
}

describe('TableWrites', () => {
  it('hears inserts, updates, deletes, truncates and schema changes of a watched table, quoted or not', () => {
    expect(heard('delete from "auth_session" where "token" = $1')).toBe(1);
    expect(heard('update "auth_session" set "expiresAt" = $1 where "id" = $2')).toBe(1);
    expect(heard('insert into "app_user" ("auth_user_id") values ($1)')).toBe(1);
    expect(heard('UPDATE app_user SET firstname = $1 WHERE user_id = $2')).toBe(1);
    expect(heard('DELETE FROM public.auth_session WHERE "userId" = $1')).toBe(1);
    expect(heard('TRUNCATE TABLE auth_session')).toBe(1);
    expect(heard('ALTER TABLE app_user ADD COLUMN x int')).toBe(1);
    expect(
      heard('WITH gone AS (DELETE FROM auth_session WHERE id = $1 RETURNING 1) SELECT count(*) FROM gone'),
    ).toBe(1);
  });

  it('calls a listener once per statement, however many of its tables the statement writes', () => {
    expect(heard('UPDATE app_user SET x = 1; DELETE FROM auth_session')).toBe(1);
  });

  it('ignores reads of a watched table and writes of other tables that join it', () => {
    expect(heard('select * from "auth_session" where "token" = $1')).toBe(0);
    expect(
      heard(
        'WITH changed AS (UPDATE task SET title = $1 WHERE task_id = $2 RETURNING *) SELECT 1 FROM changed LEFT JOIN app_user ON true',
      ),
    ).toBe(0);
    expect(heard('insert into "auth_session_note" values (1)')).toBe(0);
    expect(heard('begin')).toBe(0);
  });

  it('stops calling a listener once it is switched off', () => {
    const writes = new TableWrites();
    let calls = 0;
    const stop = writes.on(['app_user'], () => {
      calls += 1;
    });
    writes.notice('update app_user set x = 1');
    stop();
    writes.notice('update app_user set x = 2');
    expect(calls).toBe(1);
  });
});
