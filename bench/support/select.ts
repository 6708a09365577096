import { readdirSync } from 'node:fs';

/** The benchmarks of bench/: every `*.ts` file there but the runner itself and tests (bench/support holds modules). */
export function listBenches(benchDir: string): string[] {
  return readdirSync(benchDir, { withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => entry.name.slice(0, -'.ts'.length))
    .filter((name) => name !== 'run' && !name.endsWith('.test'))
    .sort();
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
