// `npm test`: every check and test suite in order; exits non-zero when any of them fails.
// Integration tests run on PGlite, and again on PostgreSQL when TEST_DATABASE_URL is set.
import { spawnSync } from 'node:child_process';

const steps = [
  ['lint and typecheck', 'npm', ['run', 'check']],
  ['unit tests', 'npx', ['vitest', 'run', '--project', 'shared', '--project', 'web']],
  ['integration tests on PGlite', 'npx', ['vitest', 'run', '--project', 'server'], { TEST_DB: 'pglite' }],
];
if (process.env.TEST_DATABASE_URL) {
  steps.push([
    'integration tests on PostgreSQL',
    'npx',
    ['vitest', 'run', '--project', 'server'],
    { TEST_DB: 'postgres' },
  ]);
} else {
  console.log('TEST_DATABASE_URL is not set: integration tests run on PGlite only.');
}
steps.push(['browser tests', 'npm', ['run', 'test:e2e']]);

const failed = [];
for (const [name, command, args, env] of steps) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status === 0) console.log(`=== ${name}: passed in ${seconds}s ===`);
  else {
    console.log(`=== ${name}: FAILED in ${seconds}s ===`);
    failed.push(name);
  }
}
console.log(`\nTest steps: ${steps.length - failed.length} passed, ${failed.length} failed`);
if (failed.length) console.log(`Failed: ${failed.join(', ')}`);
process.exit(failed.length ? 1 : 0);
