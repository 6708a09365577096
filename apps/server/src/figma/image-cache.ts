import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Rendered design nodes, kept under DATA_DIR/figma-images. Figma's image addresses expire after 30
 * days and its read budget is small, so Figgle keeps the picture itself: fresh for a day, after which
 * it is rendered again when possible, and the older copy is still shown when Figma cannot answer.
 * Renders at a version of the file (design changes) are kept per file, node and version.
 */
const IMAGE_FRESH_MS = 24 * 60 * 60 * 1000;

export interface CachedImage {
  bytes: Buffer;
  fresh: boolean;
}

export function createImageCache(dataDir: string) {
  const folder = path.resolve(dataDir, 'figma-images');
  const fileOf = (fileKey: string, nodeId: string, versionId?: string) => {
    const name = versionId === undefined ? `${fileKey}\n${nodeId}` : `${fileKey}\n${nodeId}\n${versionId}`;
    return path.join(folder, `${createHash('sha256').update(name).digest('hex')}.png`);
  };
  const writeAt = async (file: string, bytes: Buffer) => {
    await mkdir(folder, { recursive: true });
    const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    await writeFile(temporary, bytes);
    await rename(temporary, file);
  };

  return {
    async read(fileKey: string, nodeId: string, now = Date.now()): Promise<CachedImage | null> {
      const file = fileOf(fileKey, nodeId);
      try {
        const info = await stat(file);
        return { bytes: await readFile(file), fresh: now - info.mtimeMs < IMAGE_FRESH_MS };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    /** Written aside and renamed, so a reader never sees half an image. */
    async write(fileKey: string, nodeId: string, bytes: Buffer): Promise<void> {
      await writeAt(fileOf(fileKey, nodeId), bytes);
    },
    /** The node as a version of its file showed it: a version never changes, so it never goes stale. */
    async readVersion(fileKey: string, nodeId: string, versionId: string): Promise<Buffer | null> {
      try {
        return await readFile(fileOf(fileKey, nodeId, versionId));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async writeVersion(fileKey: string, nodeId: string, versionId: string, bytes: Buffer): Promise<void> {
      await writeAt(fileOf(fileKey, nodeId, versionId), bytes);
    },
  };
}

export type ImageCache = ReturnType<typeof createImageCache>;
