import { createHash } from 'node:crypto';
import {
  createdDevResource,
  type FigmaDevResource,
  type NewDevResource,
  toDevResources,
  wasUpdated,
} from './dev-resources.ts';
import { errorForStatus, FigmaError, parseRetryAfter, rateLimitedError } from './errors.ts';

// One client for everything Figgle asks Figma (docs/figma-api.md). The base URL comes from
// FIGMA_API_URL so tests run it against a local fake server.

export interface FigmaWebhook {
  id: string;
  event_type: string;
  context: string;
  context_id: string;
  team_id?: string;
  status: string;
  endpoint: string;
  description?: string | null;
}

export interface FigmaComment {
  id: string;
  file_key?: string;
  parent_id?: string | null;
  message: string;
  order_id?: string | number | null;
  user?: { id?: string; handle?: string };
  client_meta?: Record<string, unknown> | null;
  created_at?: string;
}

/** One entry of a file's version history (docs/figma-api.md#design-changed-versions-and-renders). */
export interface FigmaVersion {
  id: string;
  created_at: string | null;
  /** The name given in the editor; null for an autosave. */
  label: string | null;
  description: string | null;
  /** Who made it. */
  handle: string | null;
}

export interface CreateWebhookValues {
  teamId: string;
  /** FILE_COMMENT unless said: one event type per webhook. */
  eventType?: string;
  endpoint: string;
  passcode: string;
  description?: string;
}

export interface FigmaClientOptions {
  baseUrl: string;
  /** Per call; Figma answering slower than this counts as unavailable. */
  timeoutMs?: number;
  /** A 429 whose Retry-After is at most this is waited out once; a longer one fails at once. */
  maxRetryWaitSeconds?: number;
  fetch?: typeof fetch;
  /** An OAuth access token goes in `Authorization: Bearer`; a personal token in `X-Figma-Token`. */
  bearer?: boolean;
}

const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_MAX_RETRY_WAIT_SECONDS = 5;
/** A rendered image is a download from Figma's storage, bounded so a huge file cannot fill the disk. */
const FIGMA_IMAGE_MAX_BYTES = 20 * 1024 * 1024;

/**
 * After a 429 the token is left alone until Retry-After has passed: calls in that window fail at once
 * without reaching Figma, so nothing can retry in a tight loop. Keyed by base URL and a hash of the
 * token (never the token itself).
 */
const blockedUntil = new Map<string, number>();

function blockKey(baseUrl: string, token: string): string {
  return `${baseUrl}#${createHash('sha256').update(token).digest('hex').slice(0, 32)}`;
}

export class FigmaClient {
  private readonly baseUrl: string;
  private readonly timeoutMs: number;
  private readonly maxRetryWaitSeconds: number;
  private readonly fetchImpl: typeof fetch;
  private readonly bearer: boolean;

  constructor(
    options: FigmaClientOptions,
    private readonly token: string,
  ) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.maxRetryWaitSeconds = options.maxRetryWaitSeconds ?? DEFAULT_MAX_RETRY_WAIT_SECONDS;
    this.fetchImpl = options.fetch ?? fetch;
    this.bearer = options.bearer ?? false;
  }

  async createWebhook(values: CreateWebhookValues): Promise<FigmaWebhook> {
    const webhook = await this.request<Record<string, unknown>>('POST', '/v2/webhooks', {
      event_type: values.eventType ?? 'FILE_COMMENT',
      context: 'team',
      context_id: values.teamId,
      endpoint: values.endpoint,
      passcode: values.passcode,
      description: values.description ?? 'Figgle',
    });
    return toWebhook(webhook);
  }

  async listTeamWebhooks(teamId: string): Promise<FigmaWebhook[]> {
    const query = new URLSearchParams({ context: 'team', context_id: teamId });
    const body = await this.request<{ webhooks?: unknown[] }>('GET', `/v2/webhooks?${query}`);
    return (Array.isArray(body.webhooks) ? body.webhooks : []).map((w) =>
      toWebhook(w as Record<string, unknown>),
    );
  }

  /** Deleting a webhook that no longer exists counts as done. */
  async deleteWebhook(webhookId: string): Promise<void> {
    try {
      await this.request('DELETE', `/v2/webhooks/${encodeURIComponent(webhookId)}`);
    } catch (error) {
      if (error instanceof FigmaError && error.kind === 'not_found') return;
      throw error;
    }
  }

  async getComments(fileKey: string): Promise<FigmaComment[]> {
    const body = await this.request<{ comments?: unknown[] }>(
      'GET',
      `/v1/files/${encodeURIComponent(fileKey)}/comments`,
    );
    return (Array.isArray(body.comments) ? body.comments : []).filter(isComment);
  }

  /** Replies in the thread of the root comment `commentId`. */
  async postReply(fileKey: string, commentId: string, message: string): Promise<FigmaComment> {
    const body = await this.request<unknown>('POST', `/v1/files/${encodeURIComponent(fileKey)}/comments`, {
      message,
      comment_id: commentId,
    });
    if (!isComment(body))
      throw new FigmaError('unavailable', 'Figma answered the reply with something unexpected.');
    return body;
  }

  /** The address of a rendered PNG of the node (expires after 30 days); null when it failed to render. */
  async renderNode(fileKey: string, nodeId: string, scale = 2): Promise<string | null> {
    const query = new URLSearchParams({ ids: nodeId, format: 'png', scale: String(scale) });
    const body = await this.request<{ err?: unknown; images?: Record<string, unknown> }>(
      'GET',
      `/v1/images/${encodeURIComponent(fileKey)}?${query}`,
    );
    const url = body.images?.[nodeId];
    return typeof url === 'string' && /^https?:\/\//.test(url) ? url : null;
  }

  /** Several nodes rendered at a version of the file (as it is now when null); null where one failed. */
  async renderNodesAt(
    fileKey: string,
    nodeIds: readonly string[],
    version: string | null,
    scale = 2,
  ): Promise<Record<string, string | null>> {
    const query = new URLSearchParams({ ids: nodeIds.join(','), format: 'png', scale: String(scale) });
    if (version) query.set('version', version);
    const body = await this.request<{ images?: Record<string, unknown> }>(
      'GET',
      `/v1/images/${encodeURIComponent(fileKey)}?${query}`,
    );
    return Object.fromEntries(
      nodeIds.map((id) => {
        const url = body.images?.[id];
        return [id, typeof url === 'string' && /^https?:\/\//.test(url) ? url : null];
      }),
    );
  }

  /** The file's version history, newest first (named versions and autosaves): one page. */
  async getVersions(fileKey: string, pageSize = 30): Promise<FigmaVersion[]> {
    const query = new URLSearchParams({ page_size: String(pageSize) });
    const body = await this.request<{ versions?: unknown[] }>(
      'GET',
      `/v1/files/${encodeURIComponent(fileKey)}/versions?${query}`,
    );
    return (Array.isArray(body.versions) ? body.versions : []).flatMap((raw) => {
      const v = raw as Record<string, unknown>;
      if (v?.id === undefined || v.id === null) return [];
      const user = (v.user ?? {}) as Record<string, unknown>;
      return [
        {
          id: String(v.id),
          created_at: typeof v.created_at === 'string' ? v.created_at : null,
          label: typeof v.label === 'string' && v.label ? v.label : null,
          description: typeof v.description === 'string' ? v.description : null,
          handle: typeof user.handle === 'string' ? user.handle : null,
        },
      ];
    });
  }

  /**
   * Each node's Dev Mode status (`devStatus.type` on frames and sections; absent means none), from
   * GET /v1/files/:key/nodes?ids=…&depth=0. A node Figma does not return (deleted) is left out.
   */
  async getDevStatuses(fileKey: string, nodeIds: string[]): Promise<Map<string, string>> {
    const query = new URLSearchParams({ ids: nodeIds.join(','), depth: '0' });
    const body = await this.request<{
      nodes?: Record<string, { document?: { devStatus?: { type?: unknown } } } | null>;
    }>('GET', `/v1/files/${encodeURIComponent(fileKey)}/nodes?${query}`);
    const statuses = new Map<string, string>();
    for (const nodeId of nodeIds) {
      const node = body.nodes?.[nodeId];
      if (!node?.document) continue;
      const type = node.document.devStatus?.type;
      statuses.set(nodeId, typeof type === 'string' ? type : 'NONE');
    }
    return statuses;
  }

  async getFileName(fileKey: string): Promise<string> {
    const body = await this.request<{ name?: unknown }>(
      'GET',
      `/v1/files/${encodeURIComponent(fileKey)}?depth=1`,
    );
    if (typeof body.name !== 'string' || !body.name.trim()) {
      throw new FigmaError('unavailable', 'Figma answered without the name of the file.');
    }
    return body.name.trim();
  }

  /** Downloads a rendered image (an address from renderNode: no token is sent to it). */
  async downloadImage(url: string): Promise<{ bytes: Buffer; contentType: string }> {
    let response: Response;
    try {
      response = await this.fetchImpl(url, { signal: AbortSignal.timeout(this.timeoutMs * 3) });
    } catch {
      throw new FigmaError('unavailable', 'The rendered image could not be downloaded from Figma.');
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new FigmaError(
        'unavailable',
        'The rendered image could not be downloaded from Figma.',
        response.status,
      );
    }
    const declared = Number(response.headers.get('content-length') ?? '0');
    if (declared > FIGMA_IMAGE_MAX_BYTES) {
      await response.body?.cancel();
      throw new FigmaError('unavailable', 'The rendered image is too large.');
    }
    const bytes = Buffer.from(await response.arrayBuffer());
    if (bytes.length > FIGMA_IMAGE_MAX_BYTES)
      throw new FigmaError('unavailable', 'The rendered image is too large.');
    const contentType = (response.headers.get('content-type') ?? 'image/png').split(';')[0]!.trim();
    return { bytes, contentType: contentType.startsWith('image/') ? contentType : 'image/png' };
  }

  // Dev Resources (links shown in Dev Mode; shapes in dev-resources.ts) ---------------------------

  /** The dev resources on these nodes of the file. */
  async getDevResources(fileKey: string, nodeIds: string[]): Promise<FigmaDevResource[]> {
    const query = nodeIds.length > 0 ? `?${new URLSearchParams({ node_ids: nodeIds.join(',') })}` : '';
    const body = await this.request<unknown>(
      'GET',
      `/v1/files/${encodeURIComponent(fileKey)}/dev_resources${query}`,
    );
    return toDevResources(body);
  }

  async createDevResource(values: NewDevResource): Promise<FigmaDevResource> {
    const body = await this.request<unknown>('POST', '/v1/dev_resources', {
      dev_resources: [
        { name: values.name, url: values.url, file_key: values.fileKey, node_id: values.nodeId },
      ],
    });
    return createdDevResource(body);
  }

  /** Renames a dev resource; false when Figma no longer knows its id. */
  async renameDevResource(id: string, name: string): Promise<boolean> {
    const body = await this.request<unknown>('PUT', '/v1/dev_resources', { dev_resources: [{ id, name }] });
    return wasUpdated(body, id);
  }

  /** Deleting a dev resource that is no longer there counts as done. */
  async deleteDevResource(fileKey: string, id: string): Promise<void> {
    try {
      await this.request(
        'DELETE',
        `/v1/files/${encodeURIComponent(fileKey)}/dev_resources/${encodeURIComponent(id)}`,
      );
    } catch (error) {
      if (error instanceof FigmaError && error.kind === 'not_found') return;
      throw error;
    }
  }

  private async request<T>(method: string, path: string, body?: unknown): Promise<T> {
    const key = blockKey(this.baseUrl, this.token);
    for (let attempt = 1; ; attempt += 1) {
      const until = blockedUntil.get(key);
      if (until !== undefined) {
        const waitSeconds = Math.ceil((until - Date.now()) / 1000);
        if (waitSeconds > 0) throw rateLimitedError(waitSeconds);
        blockedUntil.delete(key);
      }
      const response = await this.send(method, path, body);
      const payload = await readJson(response);
      if (response.ok) return payload as T;

      const retryAfter =
        response.status === 429 ? parseRetryAfter(response.headers.get('retry-after')) : null;
      if (response.status === 429) {
        const wait = retryAfter ?? 60;
        const blockedTill = Date.now() + wait * 1000;
        blockedUntil.set(key, blockedTill);
        // One patient retry for a short wait; a long one is reported, never looped on.
        if (attempt === 1 && wait <= this.maxRetryWaitSeconds) {
          await waitUntil(blockedTill);
          continue;
        }
      }
      throw errorForStatus(response.status, payload, retryAfter);
    }
  }

  private async send(method: string, path: string, body: unknown): Promise<Response> {
    try {
      return await this.fetchImpl(`${this.baseUrl}${path}`, {
        method,
        headers: {
          ...(this.bearer ? { Authorization: `Bearer ${this.token}` } : { 'X-Figma-Token': this.token }),
          Accept: 'application/json',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch {
      throw new FigmaError('unavailable', 'Figma cannot be reached right now. Please try again later.');
    }
  }
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function toWebhook(raw: Record<string, unknown>): FigmaWebhook {
  if (raw?.id === undefined || raw.id === null) {
    throw new FigmaError('unavailable', 'Figma answered without the id of the webhook.');
  }
  return {
    id: String(raw.id),
    event_type: String(raw.event_type ?? ''),
    context: String(raw.context ?? ''),
    context_id: String(raw.context_id ?? raw.team_id ?? ''),
    team_id: raw.team_id === undefined ? undefined : String(raw.team_id),
    status: String(raw.status ?? ''),
    endpoint: String(raw.endpoint ?? ''),
    description: typeof raw.description === 'string' ? raw.description : null,
  };
}

function isComment(value: unknown): value is FigmaComment {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  if (typeof record.id === 'number') record.id = String(record.id);
  return typeof record.id === 'string';
}

/** The node a comment is pinned to, from its client_meta; null when it is pinned to the canvas. */
export function pinnedNodeId(comment: FigmaComment | undefined): string | null {
  const nodeId = comment?.client_meta?.node_id;
  return typeof nodeId === 'string' && /^[A-Za-z0-9:;-]{1,200}$/.test(nodeId) ? nodeId : null;
}

/**
 * Sleeps until the wall clock reaches `time`. A timer alone is not enough: Node's timers count from
 * the event loop's cached clock, so one can fire a millisecond before `Date.now()` reaches the end,
 * and the retry would then find its own token still blocked.
 */
async function waitUntil(time: number): Promise<void> {
  for (let left = time - Date.now(); left > 0; left = time - Date.now()) {
    await new Promise((resolve) => setTimeout(resolve, left));
  }
}
