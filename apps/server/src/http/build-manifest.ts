import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';

/** One entry of the bundler's `.vite/manifest.json`: a chunk, keyed by its source module. */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  /** Keys of the chunks this one imports statically (loaded with it). */
  imports?: string[];
  css?: string[];
}

export interface BuildManifest {
  /**
   * The built files a page needs, in load order: the entry's (its styles, its script and what it
   * imports) and, apart, those of the given source modules and everything they import that the
   * entry does not already bring. A module the build does not know is left out.
   */
  chunksOf(modules: string[]): { entry: string[]; page: string[] };
}

export function parseBuildManifest(text: string): BuildManifest {
  const chunks = JSON.parse(text) as Record<string, ManifestChunk>;
  const closure = (key: string, files: string[], seen: Set<string>) => {
    const chunk = chunks[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    files.push(...(chunk.css ?? []), chunk.file);
    for (const imported of chunk.imports ?? []) closure(imported, files, seen);
  };
  const entryKey = Object.keys(chunks).find((key) => chunks[key]?.isEntry);
  const entrySeen = new Set<string>();
  const entry: string[] = [];
  if (entryKey) closure(entryKey, entry, entrySeen);
  return {
    chunksOf(modules) {
      const seen = new Set(entrySeen);
      const page: string[] = [];
      for (const module of modules) closure(module, page, seen);
      return { entry, page };
    },
  };
}

/**
 * The manifest of the built web app, read again when the file changes (a rebuild under a running
 * server is served at once, as every built file is: see static-files.ts). undefined when the build
 * wrote none or it cannot be read: pages then load without announcing their code.
 */
export function buildManifestReader(webDistDir: string): () => Promise<BuildManifest | undefined> {
  const file = path.join(webDistDir, '.vite/manifest.json');
  let kept: { stamp: string; manifest: BuildManifest } | undefined;
  return async () => {
    try {
      const stats = await stat(file);
      const stamp = `${stats.size}-${stats.mtimeMs}`;
      if (kept?.stamp !== stamp) kept = { stamp, manifest: parseBuildManifest(await readFile(file, 'utf8')) };
      return kept.manifest;
    } catch {
      return undefined;
    }
  };
}
