import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import type { FigmaClient } from '../../../figma/client.ts';
import type { ImageCache } from '../../../figma/image-cache.ts';
import { DeferJob } from '../../../jobs/job-errors.ts';
import { takeRender } from '../render-rate.ts';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

export interface RenderPlace {
  db: Kysely<Database>;
  client: FigmaClient;
  cache: ImageCache;
  /** Where the budget is counted: Figma's address and the organization. */
  baseUrl: string;
  organizationId: string;
  now: () => number;
  /** How far a test's driven clock runs ahead (0 in production): a wait is counted from the claim's time. */
  aheadMs: () => number;
}

/**
 * The SHA-256 of each node's PNG at a version of the file, rendered in one call to Figma's images
 * endpoint for the nodes not yet in the cache (a job tried again renders nothing twice). A node
 * Figma cannot render is left out. Over the render budget, the job waits (DeferJob) until a render
 * is free; a 429 from Figma is a FigmaError whose Retry-After the worker honours.
 */
export async function renderAtVersion(
  place: RenderPlace,
  fileKey: string,
  nodeIds: readonly string[],
  versionId: string,
  { alsoCurrent = false } = {},
): Promise<Map<string, string>> {
  const hashes = new Map<string, string>();
  const missing: string[] = [];
  for (const nodeId of nodeIds) {
    const cached = await place.cache.readVersion(fileKey, nodeId, versionId);
    if (cached) hashes.set(nodeId, sha256(cached));
    else missing.push(nodeId);
  }
  if (missing.length === 0) return hashes;

  const waitMs = await takeRender(place.db, place.baseUrl, place.organizationId, place.now());
  if (waitMs > 0) throw new DeferJob(waitMs + place.aheadMs(), "keeping to Figma's rate for image renders");
  const addresses = await place.client.renderNodesAt(fileKey, missing, versionId);
  for (const nodeId of missing) {
    const address = addresses[nodeId];
    if (!address) continue;
    const { bytes } = await place.client.downloadImage(address);
    await place.cache.writeVersion(fileKey, nodeId, versionId, bytes);
    // The newest render is also the node's current picture: the Designs section shows it at once.
    if (alsoCurrent) await place.cache.write(fileKey, nodeId, bytes);
    hashes.set(nodeId, sha256(bytes));
  }
  return hashes;
}
