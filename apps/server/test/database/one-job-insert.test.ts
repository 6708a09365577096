// @database pglite
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { databaseFunctions } from '../../src/db/database-functions.ts';

/**
 * A durable job is stored by one statement, figgle_enqueue_job (db/functions/figgle-enqueue-job.ts):
 * every trigger that queues work and TypeScript's enqueueJob call it, so its conflict and re-arm rules
 * cannot drift apart again (issue 38 found the insert written five times). Migrations keep their
 * history as it was; everything live goes through the function.
 */
const source = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src');
const JOB_INSERT = /insert\s+into\s+job\b|insertInto\(\s*'job'\s*\)/i;

function liveSourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : liveSourceFiles(file);
    return /\.ts$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [file] : [];
  });
}

describe('one job insert', () => {
  it('only figgle_enqueue_job writes a job row among the database functions', () => {
    const writers = databaseFunctions.filter((definition) => JOB_INSERT.test(definition.text));
    expect(writers.map((definition) => definition.name)).toEqual(['function figgle_enqueue_job']);
    const callers = databaseFunctions.filter((definition) => definition.text.includes('figgle_enqueue_job('));
    expect(callers.length).toBeGreaterThanOrEqual(7);
  });

  it('no TypeScript outside the migrations and that function’s file inserts into the job table itself', () => {
    const offenders = liveSourceFiles(source)
      .filter((file) => !file.endsWith(path.join('functions', 'figgle-enqueue-job.ts')))
      .filter((file) => JOB_INSERT.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(source, file));
    expect(offenders).toEqual([]);
  });
});
