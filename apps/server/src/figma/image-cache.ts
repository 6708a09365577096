import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Rendered design nodes, kept under DATA_DIR/figma-images. Figma's image addresses expire after 30
 * days and its read budget is small, so Figgle keeps the picture itself: fresh for a day, after which
 * it is rendered again when possible, and the older copy is still shown when Figma cannot answer.
 */
const IMAGE_FRESH_MS = 24 * 60 * 60 * 1000;

export interface CachedImage {
  bytes: Buffer;
  fresh: boolean;
}

export function createImageCache(dataDir: string) {
  const folder = path.resolve(dataDir, 'figma-images');
  const fileOf = (fileKey: string, nodeId: string) =>
    path.join(folder, `${createHash('sha256').update(`${fileKey}\n${nodeId}`).digest('hex')}.png`);

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
      await mkdir(folder, { recursive: true });
      const file = fileOf(fileKey, nodeId);
      const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
      await writeFile(temporary, bytes);
      await rename(temporary, file);
    },
  };
}

export type ImageCache = ReturnType<typeof createImageCache>;
