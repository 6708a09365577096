// Builds the plugin into dist/ for Figma's "Import plugin from manifest" (manifest.json points here):
// dist/code.js runs in Figma's sandbox, dist/ui.html is the interface with its script inlined (Figma
// loads the UI as one HTML text, __html__). esbuild: the whole build takes well under a second.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.join(here, 'dist');
mkdirSync(dist, { recursive: true });

// Figma's sandbox runs modern JavaScript but no modules: one script, nothing exported.
await build({
  entryPoints: [path.join(here, 'src/main.ts')],
  outfile: path.join(dist, 'code.js'),
  bundle: true,
  format: 'iife',
  target: 'es2020',
  logLevel: 'warning',
});

const ui = await build({
  entryPoints: [path.join(here, 'src/ui-main.ts')],
  bundle: true,
  format: 'iife',
  target: 'es2020',
  write: false,
  minify: true,
  logLevel: 'warning',
});
const script = ui.outputFiles[0].text.replaceAll('</script', '<\\/script');
const page = readFileSync(path.join(here, 'src/ui.html'), 'utf8').replace('/*UI_SCRIPT*/', () => script);
writeFileSync(path.join(dist, 'ui.html'), page);
console.log('Figma plugin built: apps/figma-plugin/dist');
