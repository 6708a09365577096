import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const serverOrigin = 'http://localhost:3000';
const compressible = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/;

/**
 * Writes name.br and name.gz beside every text file of the build, compressed once at their best
 * levels, so the server sends them as they are (@fastify/static `preCompressed`) instead of the raw
 * bytes or compressing on every request.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  const brotli = promisify(brotliCompress);
  const gzipAsync = promisify(gzip);
  async function filesUnder(dir: string): Promise<string[]> {
    const entries = await readdir(dir, { withFileTypes: true, recursive: true });
    return entries
      .filter((entry) => entry.isFile() && compressible.test(entry.name))
      .map((entry) => path.join(entry.parentPath, entry.name));
  }
  return {
    name: 'figgle-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      // Also called after a failed build, when there is no output: the build's own error is the one
      // to show, not this folder's absence.
      if (!existsSync(outDir)) return;
      const files = await filesUnder(outDir);
      await Promise.all(
        files.map(async (file) => {
          const content = await readFile(file);
          if (content.byteLength < 1024) return;
          const [br, gz] = await Promise.all([
            brotli(content, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: content.byteLength,
              },
            }),
            gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
          ]);
          await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
        }),
      );
    },
  };
}

const BUILD_META = '<meta name="figgle-build" content="development" />';
const BUILD_CONSTANT = "const BUILD = 'development';";

/**
 * Names the build in dist/index.html (`<meta name="figgle-build">`) and dist/sw.js (`BUILD`): a digest
 * of the bundle's hashed file names, the page and the worker, so the same sources give the same name
 * and a deploy that changes anything gives sw.js new bytes, which is how a browser notices a new
 * worker. The page compares its build with the worker's to offer "New version — reload". Runs before
 * precompress (writeBundle comes before closeBundle).
 */
function figgleBuildStamp(): Plugin {
  let outDir = 'dist';
  return {
    name: 'figgle-build-stamp',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const indexFile = path.join(outDir, 'index.html');
      const workerFile = path.join(outDir, 'sw.js');
      const [index, worker] = await Promise.all([readFile(indexFile, 'utf8'), readFile(workerFile, 'utf8')]);
      if (!index.includes(BUILD_META) || !worker.includes(BUILD_CONSTANT))
        throw new Error(`index.html must hold ${BUILD_META} and public/sw.js ${BUILD_CONSTANT}`);
      const build = createHash('sha256')
        .update(Object.keys(bundle).sort().join('\n'))
        .update(index)
        .update(worker)
        .digest('hex')
        .slice(0, 16);
      await Promise.all([
        writeFile(indexFile, index.replace(BUILD_META, BUILD_META.replace('development', build))),
        writeFile(workerFile, worker.replace(BUILD_CONSTANT, BUILD_CONSTANT.replace('development', build))),
      ]);
    },
  };
}

export default defineConfig({
  plugins: [react(), figgleBuildStamp(), precompress()],
  server: {
    proxy: {
      '/api': { target: serverOrigin, changeOrigin: true, ws: true },
      '/healthz': serverOrigin,
      '/dev': serverOrigin,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The entry chunk is one file on purpose (codeSplitting below), ~650 kB before compression. What
    // a first load may cost is budgeted and measured by bench/web-speed (JavaScript on the wire) and
    // bench/board (cold load), not by Vite's 500 kB rule of thumb, whose warning `npm install` and
    // `npm start` would otherwise print to every newcomer.
    chunkSizeWarningLimit: 800,
    // dist/.vite/manifest.json: the server announces a landing page's chunks with its HTML
    // (apps/server/src/http/first-page-preloads.ts), before the entry has run and asked for them.
    manifest: true,
    rolldownOptions: {
      treeshake: {
        // The shared package declares zod schemas at module level. The first screens only use the
        // plain helpers beside them (topics, paths); calls on `z` building unused schemas are
        // side-effect free, so this lets the bundler drop them and keep zod out of the entry chunk.
        manualPureFunctions: ['z'],
      },
      output: {
        // Everything the entry imports statically goes into the entry chunk. Left to itself the
        // bundler split it into eleven small chunks shared with lazy pages, and a cold load asked
        // for twelve files at once over the browser's six connections per host, queued behind the
        // page's first API reads; now it asks for one (and the projects page for one more, not eleven).
        codeSplitting: {
          groups: [{ name: 'app', tags: ['$initial'] }],
        },
      },
    },
  },
});
