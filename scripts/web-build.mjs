// The web app is built when its sources changed since the last build (npm start, npm install, and
// the browser tests: `node scripts/web-build.mjs`, which `npm run test:e2e` runs before Playwright).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const web = path.join(root, 'apps/web');
const builtIndex = path.join(web, 'dist/index.html');

function newestChange(entry) {
  const stats = statSync(entry);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return Math.max(stats.mtimeMs, ...readdirSync(entry).map((name) => newestChange(path.join(entry, name))));
}

/** Builds the web app unless apps/web/dist is newer than every source; the build's exit status. */
export function buildWebIfChanged() {
  // The lock file and the web app's manifest: an upgraded dependency changes the build as well.
  const sources = [
    'src',
    'public',
    'index.html',
    'vite.config.ts',
    'package.json',
    '../../packages/shared/src',
    '../../package-lock.json',
  ]
    .map((entry) => path.join(web, entry))
    .filter(existsSync);
  const needsBuild =
    !existsSync(builtIndex) || Math.max(...sources.map(newestChange)) > statSync(builtIndex).mtimeMs;
  if (!needsBuild) return 0;
  console.log('Building the web app…');
  const build = spawnSync('npm', ['run', 'build', '-w', '@figgle/web', '--silent'], {
    cwd: root,
    stdio: 'inherit',
  });
  return build.status ?? 1;
}

// As a command, before the browser tests (`npm run test:e2e`): CI's `npm install` has just built the
// web app, and `npm test` need not build it a second time.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = buildWebIfChanged();
}
