import { readdirSync } from 'node:fs';

/**
 * Run after the others: inbox-dashboard seeds 100,000 tasks and 500,000 log rows, search 100,000
 * tasks and 500,000 comments, and PostgreSQL's background work on them (autovacuum, checkpoints)
 * went on into the next benchmarks' timings.
 */
const RUN_LAST = ['search', 'inbox-dashboard'];

/**
 * The benchmarks of bench/: every `*.ts` file there but the runner itself and tests (bench/support holds
 * modules), by name, those of RUN_LAST at the end.
 */
export function listBenches(benchDir: string): string[] {
  const names = readdirSync(benchDir, { withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => entry.name.slice(0, -'.ts'.length))
    .filter((name) => name !== 'run' && !name.endsWith('.test'))
    .sort();
  return [
    ...names.filter((name) => !RUN_LAST.includes(name)),
    ...names.filter((name) => RUN_LAST.includes(name)),
  ];
}

/**
 * The benchmarks a command line asks for, in the order given (`npm run bench -- board realtime`), or all
 * of them when none is named. A name may carry its `.ts` or `bench/`; an unknown name is an error that
 * lists the known ones.
 */
export function selectBenches(available: string[], requested: string[]): string[] {
  if (requested.length === 0) return available;
  const names = requested.map((name) => name.replace(/^(\.\/)?bench\//, '').replace(/\.ts$/, ''));
  const unknown = names.filter((name) => !available.includes(name));
  if (unknown.length > 0)
    throw new Error(`unknown benchmark ${unknown.join(', ')}; known: ${available.join(', ')}`);
  return [...new Set(names)];
}
