// How the server process runs, for `npm start` and for the browser tests and benchmarks that start
// it the same way. The TypeScript sources are bundled by esbuild (npm dependencies stay in
// node_modules) instead of being compiled by tsx on every start. The bundle is made again only when
// what it is made of changed: a digest of every bundled source's bytes, esbuild's version and the
// build options is kept beside it, and a start that finds the same digest skips esbuild altogether.
// The bundle is split: apps/server/dist/main.mjs opens the server socket with little code, and the
// app's code (Fastify, better-auth, the database) is a chunk it loads afterwards (see main.ts).
import { createHash, randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverDir = path.join(root, 'apps/server');
const distDir = path.join(serverDir, 'dist');
export const serverBundle = path.join(distDir, 'main.mjs');
/** What the current bundle was made of: its digest, its inputs and its output files. */
const stampFile = path.join(distDir, 'main.mjs.made-of.json');
const CHUNKS = 'chunks';
/** Chunks no current bundle uses are removed once this old: a server starting meanwhile may still load them. */
const STALE_CHUNK_MS = 10 * 60_000;
/** Read by esbuild but not listed among a bundle's inputs: they change how sources are compiled. */
const CONFIG_FILES = ['tsconfig.base.json', 'apps/server/tsconfig.json', 'packages/shared/tsconfig.json'];

/**
 * Settings of a long-running server process, measured with bench/realtime on the embedded database
 * (server RSS with 1,000 sockets from ~400 MB to ~270-290 MB with the bundle, ~215 MB with them all):
 * - a young generation of 2 MB a half instead of 16: request garbage is collected sooner, in
 *   smaller steps (4 MB measured ~15 MB more, with no difference in speed);
 * - one malloc arena instead of eight a core: the threads compiling PGlite's WebAssembly otherwise
 *   leave freed memory in arenas of their own that the system never gets back;
 * - blocks of 32 KB and more from mmap, not from that arena: the optimizing compiler's scratch
 *   memory for PGlite's hot functions, freed after each compilation, otherwise stayed in the arena,
 *   held by smaller live blocks around it. Without the setting glibc raises its own threshold as
 *   large blocks are freed, so they land in the arena all the same. With 1,000 idle sockets:
 *   272-303 MB without it, 213-218 MB with it; board (c)-(e) and the live path's latencies unchanged,
 *   but the API answers ~0.35 s later after a start, ~0.5 s after a first one
 *   (docs/machinery/server-memory-settings.md);
 * - gc() exposed, for imports only (apps/server/src/features/imports/collect-import-garbage.ts): with
 *   young halves this small, the rows of each batch reach the old generation, which V8 lets grow to
 *   several times what is alive; a 50,000-row CSV import took the server from ~300 to 420-440 MB
 *   (bench/import), ~310 MB when the import collects every 32 MB of growth.
 */
export const SERVER_NODE_ARGS = ['--max-semi-space-size=2', '--expose-gc'];
export const SERVER_ENV = { MALLOC_ARENA_MAX: '1', MALLOC_MMAP_THRESHOLD_: '32768' };

function buildOptions() {
  const { dependencies } = JSON.parse(readFileSync(path.join(serverDir, 'package.json'), 'utf8'));
  // zod is bundled: the settings are checked with it before the server can listen, and one file of
  // it loads in well under half the time of its many modules. It keeps its registry on globalThis,
  // so fastify-type-provider-zod (which imports zod/v4/core itself) reads the bundled schemas alike.
  const external = Object.keys(dependencies)
    .filter((name) => !name.startsWith('@figgle/') && name !== 'zod')
    .flatMap((name) => [name, `${name}/*`]);
  return {
    absWorkingDir: root,
    // The file-reader thread of imports is started from its own file (read-in-thread.ts).
    entryPoints: [
      path.join(serverDir, 'src/main.ts'),
      path.join(serverDir, 'src/features/imports/file-reader-thread.ts'),
    ],
    outdir: distDir,
    entryNames: '[name]',
    outExtension: { '.js': '.mjs' },
    chunkNames: `${CHUNKS}/[name]-[hash]`,
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external,
    logLevel: 'warning',
  };
}

function esbuildVersion() {
  const manifest = createRequire(import.meta.url).resolve('esbuild/package.json');
  return JSON.parse(readFileSync(manifest, 'utf8')).version;
}

/** The digest of the given inputs (paths relative to the repository) as they are now; null if one is gone. */
function digestOf(inputs, options) {
  const hash = createHash('sha256').update(JSON.stringify({ esbuild: esbuildVersion(), options }));
  for (const input of [...CONFIG_FILES, ...inputs]) {
    let bytes;
    try {
      bytes = readFileSync(path.join(root, input));
    } catch (error) {
      if (error.code === 'ENOENT' && CONFIG_FILES.includes(input)) bytes = Buffer.alloc(0);
      else return null;
    }
    hash.update(`\0${input}\0${bytes.length}\0`).update(bytes);
  }
  return hash.digest('hex');
}

/** Each input's modification time and size, as a quick first look at whether any changed. */
function datesOf(inputs) {
  return [...CONFIG_FILES, ...inputs].map((input) => {
    try {
      const stats = statSync(path.join(root, input));
      return `${stats.mtimeMs}:${stats.size}`;
    } catch {
      return 'absent';
    }
  });
}

/**
 * Whether apps/server/dist holds the bundle of the sources as they are now. Unchanged dates and sizes
 * of every input say so without reading them; otherwise the digest of their bytes decides (a file
 * saved again unchanged, a checkout of the same commit).
 */
export function serverBundleIsCurrent() {
  let stamp;
  try {
    stamp = JSON.parse(readFileSync(stampFile, 'utf8'));
  } catch {
    return false;
  }
  if (!stamp.outputs.every((output) => existsSync(path.join(root, output)))) return false;
  const options = buildOptions();
  if (stamp.optionsDigest !== digestOf([], options)) return false;
  if (JSON.stringify(datesOf(stamp.inputs)) === JSON.stringify(stamp.dates)) return true;
  return digestOf(stamp.inputs, options) === stamp.digest;
}

/** Writes a file whole under a name of its own, then renames it in: servers starting meanwhile read either copy. */
function writeWhole(file, contents) {
  const building = `${file}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(building, contents);
  renameSync(building, file);
}

function removeStaleChunks(keep) {
  const folder = path.join(distDir, CHUNKS);
  for (const name of readdirSync(folder)) {
    const file = path.join(folder, name);
    if (keep.has(file)) continue;
    try {
      if (Date.now() - statSync(file).mtimeMs > STALE_CHUNK_MS) unlinkSync(file);
    } catch {
      // Removed by a parallel build.
    }
  }
}

/**
 * Bundles apps/server/src/main.ts into apps/server/dist (main.mjs and its chunks). Browser tests
 * start servers in parallel: each build writes every file whole and renames it in, chunks first (their
 * names hold their content's hash), main.mjs after them, the record of what it is made of last.
 */
export async function buildServer() {
  const { build } = await import('esbuild');
  const options = buildOptions();
  const startedAt = Date.now();
  const result = await build({ ...options, metafile: true, write: false });
  mkdirSync(path.join(distDir, CHUNKS), { recursive: true });
  const entry = result.outputFiles.find((file) => file.path === serverBundle);
  if (!entry) throw new Error(`esbuild did not write ${serverBundle}`);
  for (const file of result.outputFiles) if (file !== entry) writeWhole(file.path, file.contents);
  writeWhole(entry.path, entry.contents);
  const inputs = Object.keys(result.metafile.inputs).sort();
  const outputs = result.outputFiles.map((file) => path.relative(root, file.path));
  // A source saved while esbuild ran may be in the bundle as it was before: then no record, and the
  // next start bundles again. (The margin covers the file system's coarser clock.)
  const changedMeanwhile = [...CONFIG_FILES, ...inputs].some((input) => {
    const file = path.join(root, input);
    return existsSync(file) && statSync(file).mtimeMs > startedAt - 50;
  });
  if (changedMeanwhile) rmSync(stampFile, { force: true });
  else {
    const madeOf = {
      digest: digestOf(inputs, options),
      optionsDigest: digestOf([], options),
      dates: datesOf(inputs),
      inputs,
      outputs,
    };
    writeWhole(stampFile, JSON.stringify(madeOf, null, 1));
  }
  removeStaleChunks(new Set(result.outputFiles.map((file) => file.path)));
  return serverBundle;
}

/** The command that runs the server, after bundling it if its sources changed since the last bundle. */
export async function serverCommand() {
  const bundle = serverBundleIsCurrent() ? serverBundle : await buildServer();
  return { command: process.execPath, args: [...SERVER_NODE_ARGS, bundle], env: SERVER_ENV };
}
