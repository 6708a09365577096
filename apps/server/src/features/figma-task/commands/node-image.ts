import type { AppDeps } from '../../../app-types.ts';
import type { CurrentUser } from '../../../auth/current-user.ts';
import { FigmaError } from '../../../figma/errors.ts';
import type { ImageCache } from '../../../figma/image-cache.ts';
import { figmaClient, tokenOfOrganization, tokenOfUser } from '../../../figma/tokens.ts';
import { HttpError, notFound } from '../../../http/errors.ts';

type Deps = Pick<AppDeps, 'db' | 'env'> & { log: { warn(object: object, message: string): void } };

/** Renders asked for at the same time share one call to Figma. */
const inFlight = new Map<string, Promise<Buffer>>();

/**
 * The PNG of a task's design node: from the cache while fresh; else rendered through Figma's images
 * API (with the viewer's token, else the organization's) and cached. An older cached copy is answered
 * at once while the new render goes on (and stays when Figma cannot render it now).
 */
export async function nodeImage(
  deps: Deps & { cache: ImageCache },
  user: CurrentUser,
  node: { fileKey: string; nodeId: string; organizationId: string },
): Promise<Buffer> {
  const { cache } = deps;
  const cached = await cache.read(node.fileKey, node.nodeId);
  if (cached?.fresh) return cached.bytes;

  const key = `${deps.env.FIGMA_API_URL}\n${node.fileKey}\n${node.nodeId}`;
  let render = inFlight.get(key);
  if (!render) {
    render = renderAndCache(deps, cache, user, node).finally(() => inFlight.delete(key));
    inFlight.set(key, render);
  }
  if (cached) {
    // The older picture is shown at once while the new one renders; the next read gets the new one.
    render.catch((error: unknown) =>
      deps.log.warn(
        { reason: error instanceof Error ? error.message : String(error) },
        'stale Figma image kept',
      ),
    );
    return cached.bytes;
  }
  try {
    return await render;
  } catch (error) {
    throw toHttpError(error);
  }
}

async function renderAndCache(
  deps: Deps,
  cache: ImageCache,
  user: CurrentUser,
  node: { fileKey: string; nodeId: string; organizationId: string },
): Promise<Buffer> {
  const token =
    (await tokenOfUser(deps.db, deps.env, user.user_id)) ??
    (await tokenOfOrganization(deps.db, deps.env, node.organizationId));
  if (!token) {
    throw new HttpError(
      404,
      'figma_token_missing',
      'No Figma token can render this design: register a Figma token in the settings.',
    );
  }
  const client = figmaClient(deps.env, token);
  const url = await client.renderNode(node.fileKey, node.nodeId);
  if (!url) throw new HttpError(404, 'figma_render_failed', 'Figma could not render this design node.');
  const { bytes } = await client.downloadImage(url);
  await cache.write(node.fileKey, node.nodeId, bytes);
  return bytes;
}

function toHttpError(error: unknown): unknown {
  if (!(error instanceof FigmaError)) return error;
  if (error.kind === 'rate_limited') return new HttpError(429, 'figma_rate_limited', error.message);
  if (error.kind === 'not_found') return notFound('Figma design node');
  if (error.kind === 'bad_token') return new HttpError(403, 'figma_token_refused', error.message);
  return new HttpError(503, 'figma_unavailable', error.message);
}
