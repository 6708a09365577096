// `npm test`: every check and test suite in order; exits non-zero when any of them fails.
// Integration tests run on PGlite; the files marked `// @database both` run again on PostgreSQL when
// TEST_DATABASE_URL is set (vitest.config.ts, docs/CONVENTIONS.md).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const resultsDir = path.resolve('.tmp/test-results');
mkdirSync(resultsDir, { recursive: true });

/** A vitest run that also writes its results as JSON, so the summary can name what failed. */
function vitest(name, projects, env) {
  const file = path.join(resultsDir, `${name.replace(/\W+/g, '-')}.json`);
  const args = ['vitest', 'run', ...projects.flatMap((project) => ['--project', project])];
  args.push('--reporter=default', '--reporter=json', `--outputFile.json=${file}`);
  return [name, 'npx', args, env, file];
}

const steps = [
  ['lint and typecheck', 'npm', ['run', 'check']],
  vitest('unit tests', ['shared', 'web', 'figma-plugin']),
  vitest('integration tests on PGlite', ['server'], { TEST_DB: 'pglite' }),
];
if (process.env.TEST_DATABASE_URL) {
  steps.push(vitest('integration tests on PostgreSQL', ['server-postgres']));
} else {
  console.log('TEST_DATABASE_URL is not set: integration tests run on PGlite only.');
}
// The browser suite's Playwright JSON report (e2e/playwright.config.ts writes it there).
const browserReport = path.join(resultsDir, 'browser-tests.json');
steps.push(['browser tests', 'npm', ['run', 'test:e2e'], undefined, undefined, browserReport]);

/**
 * The tests of a vitest JSON report that failed (or, with `retried`, passed only on a retry), a line
 * each with the first line of the reason.
 */
function failedTestsIn(file, { retried = false } = {}) {
  if (!file || !existsSync(file)) return [];
  try {
    const report = JSON.parse(readFileSync(file, 'utf8'));
    const lines = [];
    for (const suite of report.testResults ?? []) {
      const relative = path.relative(process.cwd(), suite.name);
      for (const test of suite.assertionResults ?? []) {
        const flaky = test.status === 'passed' && test.failureMessages?.length > 0;
        if (retried ? !flaky : test.status !== 'failed') continue;
        const reason = (test.failureMessages?.[0] ?? '').split('\n')[0].slice(0, 300);
        lines.push(`  ${relative} › ${test.fullName}\n      ${reason}`);
      }
      if (
        !retried &&
        suite.status === 'failed' &&
        !(suite.assertionResults ?? []).some((t) => t.status === 'failed')
      ) {
        lines.push(
          `  ${relative}: ${(suite.message || 'failed outside its tests').split('\n')[0].slice(0, 300)}`,
        );
      }
    }
    return lines;
  } catch (error) {
    return [`  (could not read ${file}: ${error.message})`];
  }
}

/**
 * Each spec file of a Playwright JSON report and its suites, however deeply they nest. The file is
 * the outermost suite's: a nested suite names the file that declared it, which is a helper (e2e/support/looks.ts) when the spec declares its suites through one.
 */
function* playwrightSuites(suites, file) {
  for (const suite of suites ?? []) {
    const suiteFile = file ?? suite.file;
    yield { suite, file: suiteFile };
    yield* playwrightSuites(suite.suites, suiteFile);
  }
}

function readJson(file) {
  if (!file || !existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/** Browser tests that failed and then passed on a retry, from the Playwright JSON report. */
function browserTestsPassedOnRetry(file) {
  const report = readJson(file);
  const lines = [];
  for (const { suite, file: specFile } of playwrightSuites(report?.suites)) {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const results = test.results ?? [];
        const firstPass = results.findIndex((result) => result.status === 'passed');
        if (firstPass <= 0 || !results.slice(0, firstPass).some((result) => result.status !== 'skipped'))
          continue;
        const reason = (results[0].error?.message ?? results[0].status ?? '').split('\n')[0].slice(0, 300);
        lines.push(`  e2e/tests/${specFile} › ${spec.title} [${test.projectName ?? ''}]\n      ${reason}`);
      }
    }
  }
  return lines;
}

/** Seconds per test file: vitest's JSON (start to end of each file) and Playwright's (sum of results). */
function fileDurations(step, vitestFile, playwrightFile) {
  const files = [];
  for (const suite of readJson(vitestFile)?.testResults ?? []) {
    if (suite.startTime && suite.endTime)
      files.push({
        step,
        file: path.relative(process.cwd(), suite.name),
        ms: suite.endTime - suite.startTime,
      });
  }
  const perSpec = new Map();
  for (const { suite, file } of playwrightSuites(readJson(playwrightFile)?.suites)) {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const ms = (test.results ?? []).reduce((sum, result) => sum + (result.duration ?? 0), 0);
        perSpec.set(file, (perSpec.get(file) ?? 0) + ms);
      }
    }
  }
  for (const [file, ms] of perSpec) files.push({ step, file: `e2e/tests/${file}`, ms });
  return files;
}

const failed = [];
const flaky = [];
const durations = [];
const stepTimes = [];
for (const [name, command, args, env, resultsFile, playwrightFile] of steps) {
  console.log(`\n=== ${name} ===`);
  if (resultsFile) rmSync(resultsFile, { force: true });
  if (playwrightFile) rmSync(playwrightFile, { force: true });
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  stepTimes.push(`  ${seconds.padStart(7)}s  ${name}${result.status === 0 ? '' : ' (failed)'}`);
  const retried = [
    ...failedTestsIn(resultsFile, { retried: true }),
    ...browserTestsPassedOnRetry(playwrightFile),
  ];
  if (retried.length) flaky.push({ name, tests: retried });
  durations.push(...fileDurations(name, resultsFile, playwrightFile));
  if (result.status === 0) console.log(`=== ${name}: passed in ${seconds}s ===`);
  else {
    console.log(`=== ${name}: FAILED in ${seconds}s ===`);
    failed.push({ name, tests: failedTestsIn(resultsFile) });
  }
}
console.log(`\nEach step's duration:\n${stepTimes.join('\n')}`);
const slowest = durations.sort((a, b) => b.ms - a.ms).slice(0, 10);
if (slowest.length) {
  console.log('\nThe ten slowest test files (a browser file: the sum of its tests, retries included):');
  for (const { step, file, ms } of slowest)
    console.log(`  ${(ms / 1000).toFixed(1).padStart(7)}s  ${file}  (${step})`);
}
console.log(`\nTest steps: ${steps.length - failed.length} passed, ${failed.length} failed`);
if (failed.length) console.log(`Failed: ${failed.map((step) => step.name).join(', ')}`);
for (const step of flaky) console.log(`\n${step.name}, passed only on a retry:\n${step.tests.join('\n')}`);
// Repeated at the very end, where a truncated log still shows it.
for (const step of failed) {
  if (step.tests.length) console.log(`\n${step.name}, failed tests:\n${step.tests.join('\n')}`);
}
process.exit(failed.length ? 1 : 0);
