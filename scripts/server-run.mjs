// How the server process runs, for `npm start` and for the browser tests and benchmarks that start
// it the same way. The TypeScript sources are bundled by esbuild into one file (its npm dependencies
// stay in node_modules) instead of being compiled by tsx on every start: a bundle of ~300 KB builds in
// well under a second, so it is made afresh each time and is never stale.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverDir = path.join(root, 'apps/server');
export const serverBundle = path.join(serverDir, 'dist/main.mjs');

/**
 * Settings of a long-running server process, measured with bench/realtime on the embedded database
 * (server RSS with 1,000 sockets from ~400 MB to ~270-290 MB, with the bundle):
 * - a young generation of 2 MB a half instead of 16: request garbage is collected sooner, in
 *   smaller steps (4 MB measured ~15 MB more, with no difference in speed);
 * - one malloc arena instead of eight a core: the threads compiling PGlite's WebAssembly otherwise
 *   leave freed memory in arenas of their own that the system never gets back.
 */
export const SERVER_NODE_ARGS = ['--max-semi-space-size=2'];
export const SERVER_ENV = { MALLOC_ARENA_MAX: '1' };

/** Bundles apps/server/src/main.ts into apps/server/dist/main.mjs (written whole, then renamed in). */
export async function buildServer() {
  const { dependencies } = JSON.parse(readFileSync(path.join(serverDir, 'package.json'), 'utf8'));
  const external = Object.keys(dependencies)
    .filter((name) => !name.startsWith('@figgle/'))
    .flatMap((name) => [name, `${name}/*`]);
  mkdirSync(path.dirname(serverBundle), { recursive: true });
  // Browser tests start servers in parallel: each writes its own file, and the rename is atomic.
  const building = `${serverBundle}.${randomBytes(4).toString('hex')}.tmp`;
  await build({
    entryPoints: [path.join(serverDir, 'src/main.ts')],
    outfile: building,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external,
    logLevel: 'warning',
  });
  renameSync(building, serverBundle);
  return serverBundle;
}

/** The command that runs the server, after building it. */
export async function serverCommand() {
  const bundle = await buildServer();
  return { command: process.execPath, args: [...SERVER_NODE_ARGS, bundle], env: SERVER_ENV };
}
