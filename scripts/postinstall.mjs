// After `npm install`: what the first `npm start` would otherwise do while you wait. The web app and
// the server are built, and an empty embedded database is initialized once as a template that new
// data directories copy. Each can fail here without failing the install: `npm start` then does the
// work itself.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { serverCommand } from './server-run.mjs';
import { buildWebIfChanged, root } from './web-build.mjs';

if (buildWebIfChanged() !== 0)
  console.warn('postinstall: the web app did not build; npm start will try again.');

// The Figma plugin (apps/figma-plugin/dist, for Figma's "Import plugin from manifest"): esbuild, under a second.
if (
  spawnSync(process.execPath, ['apps/figma-plugin/build.mjs'], { cwd: root, stdio: 'inherit' }).status !== 0
)
  console.warn('postinstall: the Figma plugin did not build; run `npm run build -w @figgle/figma-plugin`.');

try {
  await serverCommand();
} catch (error) {
  console.warn(
    `postinstall: the server did not build (${String(error?.message ?? error).split('\n')[0]}); npm start will try again.`,
  );
}

const database = pathToFileURL(path.join(root, 'apps/server/src/db/database.ts')).href;
const template = spawnSync(
  process.execPath,
  [
    '--import',
    'tsx',
    '--input-type=module',
    '-e',
    `await (await import('${database}')).preparePgliteTemplate();`,
  ],
  { cwd: root, stdio: 'inherit' },
);
if (template.status !== 0)
  console.warn('postinstall: no embedded database template; a first start runs initdb.');
