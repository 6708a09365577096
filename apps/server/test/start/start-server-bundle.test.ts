// @database pglite
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { serverBundle, serverBundleIsCurrent, serverCommand } from '../../../../scripts/server-run.mjs';
import { repoRoot } from '../../src/repo-root.ts';

/**
 * `npm start` bundles the server only when its sources changed: a start with nothing changed runs
 * the bundle it finds (scripts/server-run.mjs), which is recorded with what it was made of.
 */
it('runs the bundle it already has when no source changed, and records what it is made of', async () => {
  const first = await serverCommand();
  expect(first.args.at(-1)).toBe(serverBundle);
  const madeAt = statSync(serverBundle).mtimeMs;
  expect(serverBundleIsCurrent()).toBe(true);

  const again = await serverCommand();
  expect(again).toEqual(first);
  expect(statSync(serverBundle).mtimeMs).toBe(madeAt);

  const madeOf = JSON.parse(readFileSync(`${serverBundle}.made-of.json`, 'utf8')) as {
    inputs: string[];
    outputs: string[];
  };
  expect(madeOf.inputs).toContain('apps/server/src/main.ts');
  expect(madeOf.inputs).toContain('apps/server/src/app.ts');
  expect(madeOf.inputs.some((input) => input.startsWith('packages/shared/src/'))).toBe(true);
  expect(madeOf.outputs).toContain(path.relative(repoRoot, serverBundle));
});
