import type { Transaction } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import type { FigmaVersion } from '../../../figma/client.ts';
import { createImageCache } from '../../../figma/image-cache.ts';
import { figmaClient, tokenOfOrganization } from '../../../figma/tokens.ts';
import type { FileUpdateDelivery, FileVersionUpdateDelivery } from '../../../figma/webhook-delivery.ts';
import { PermanentJobError } from '../../../jobs/job-errors.ts';
import type { JobDeps } from '../../../jobs/job-handler.ts';
import { syncDevResourcesOfFile } from '../../figma-dev-resources/commands/sync-dev-resources-of-file.ts';
import { linksOfFile } from '../queries.ts';
import { type RenderedVersion, recordDesignChanges } from './record-design-changes.ts';
import { type RenderPlace, renderAtVersion } from './render-versions.ts';

export type DesignDelivery = FileVersionUpdateDelivery | FileUpdateDelivery;

/** One page of history is enough: the version of a delivery is among the newest. */
const HISTORY_PAGE = 30;

/**
 * A version or an edit of a Figma file: the nodes the organization's tasks link in it are rendered
 * at that version (a FILE_UPDATE names none: the newest in the file's history stands for it) and
 * compared with what each task's assignee saw. A file no task of the organization links costs no
 * call to Figma and changes nothing.
 */
export async function checkFileDesign(
  deps: JobDeps,
  organizationId: string,
  delivery: DesignDelivery,
  completeIn: (trx: Transaction<Database>) => Promise<void>,
): Promise<void> {
  const fileKey = delivery.file_key;
  const links = await linksOfFile(deps.db, organizationId, fileKey);
  if (links.length === 0) return;
  // Links people added in Figma's Dev Mode come with the file's events (features/figma-dev-resources/).
  await syncDevResourcesOfFile(deps, organizationId, fileKey);
  const credential = await tokenOfOrganization(deps.db, deps.env, organizationId);
  if (!credential) throw new PermanentJobError('No Figma connection can render the linked designs.');
  const client = figmaClient(deps.env, credential);

  const history = await client.getVersions(fileKey, HISTORY_PAGE);
  const found = versionOf(delivery, history);
  if (!found) return;
  const { version, previous } = found;

  const place: RenderPlace = {
    db: deps.db,
    client,
    cache: createImageCache(deps.env.DATA_DIR),
    baseUrl: deps.env.FIGMA_API_URL,
    organizationId,
    now: () => deps.clock.now().getTime(),
    aheadMs: () => deps.clock.aheadMs(),
  };
  const stale = links.filter((link) => link.latest_version_id !== version.id);
  if (stale.length === 0) return;
  const after = await renderAtVersion(place, fileKey, unique(stale.map((l) => l.node_id)), version.id, {
    alsoCurrent: true,
  });
  const unseen = stale.filter((link) => !link.seen_sha256 && new Date(link.created_at) < version.at);
  const before =
    previous && unseen.length > 0
      ? {
          id: previous.id,
          hashes: await renderAtVersion(place, fileKey, unique(unseen.map((l) => l.node_id)), previous.id),
        }
      : null;
  await recordDesignChanges(
    deps,
    organizationId,
    fileKey,
    stale,
    { version, after, previous: before },
    completeIn,
  );
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}

/** The version a delivery is about, with its name and author, and the one made before it. */
function versionOf(
  delivery: DesignDelivery,
  history: FigmaVersion[],
): { version: RenderedVersion; previous: FigmaVersion | null } | null {
  if (delivery.event_type === 'FILE_UPDATE') {
    const newest = history[0];
    if (!newest) return null;
    return { version: rendered(newest, null, delivery.timestamp), previous: history[1] ?? null };
  }
  const index = history.findIndex((v) => v.id === delivery.version_id);
  const listed = index >= 0 ? history[index]! : null;
  const version: RenderedVersion = listed
    ? rendered(listed, delivery.triggered_by.handle || null, delivery.created_at ?? delivery.timestamp)
    : {
        id: delivery.version_id,
        label: null,
        author: delivery.triggered_by.handle || null,
        at: dateOf(delivery.created_at ?? delivery.timestamp),
      };
  return { version, previous: index >= 0 ? (history[index + 1] ?? null) : (history[0] ?? null) };
}

function rendered(version: FigmaVersion, author: string | null, fallbackAt?: string): RenderedVersion {
  return {
    id: version.id,
    label: version.label,
    author: version.handle ?? author,
    at: dateOf(version.created_at ?? fallbackAt),
  };
}

function dateOf(text: string | null | undefined): Date {
  const time = text ? Date.parse(text) : Number.NaN;
  return Number.isNaN(time) ? new Date() : new Date(time);
}
