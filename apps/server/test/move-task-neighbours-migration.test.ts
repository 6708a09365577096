import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { down, moveTaskDefinition, up } from '../src/db/migrations/0006_move_task_neighbours_by_rank.ts';
import { useTestDatabase } from './test-database.ts';

const database = useTestDatabase();

/** Migrations are written against no schema in particular (Kysely<unknown>). */
const migrationDb = () => database().db as unknown as Kysely<unknown>;

const definition = () => moveTaskDefinition(migrationDb());

describe('migration 0006: figgle_move_task reads neighbours in rank order alone', () => {
  it('leaves task_id out of both neighbour reads, and its down puts it back', async () => {
    const migrated = await definition();
    expect(migrated).not.toContain('other.task_id DESC');
    expect(migrated).toContain('ORDER BY other.rank DESC LIMIT 1');
    expect(migrated).toMatch(/ORDER BY other\.rank\n\s+OFFSET/);

    await down(migrationDb());
    const before = await definition();
    expect(before).toContain('ORDER BY other.rank DESC, other.task_id DESC LIMIT 1');
    expect(before).toMatch(/ORDER BY other\.rank, other\.task_id\n\s+OFFSET/);

    await up(migrationDb());
    expect(await definition()).toBe(migrated);
  });

  it('refuses to edit a function that does not read what it expects, changing nothing', async () => {
    const migrated = await definition();
    await expect(up(migrationDb())).rejects.toThrow(
      /figgle_move_task has no "ORDER BY other.rank DESC, other.task_id DESC LIMIT 1" to change/,
    );
    expect(await definition()).toBe(migrated);
  });
});
