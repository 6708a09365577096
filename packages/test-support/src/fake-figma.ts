import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { deflateSync } from 'node:zlib';
import { FakeDevResources } from './fake-figma-dev-resources.ts';
import { type DevStatus, EVENT_PAYLOADS, FakeDevStatuses, WEBHOOK_EVENT_TYPES } from './fake-figma-events.ts';
import { FakeFigmaOAuth } from './fake-figma-oauth.ts';
import { FakeFigmaVersions } from './fake-figma-versions.ts';

/**
 * A local stand-in for api.figma.com, following docs/figma-api.md: webhooks V2 (create,
 * read, list, delete, with the PING Figma sends on creation), file comments (read, reply), node
 * renders and their download, a file's name. It records every request it receives, answers 429 with
 * Retry-After on demand, and sends real-shaped deliveries (built from PAYLOADS below) to the
 * endpoint of a webhook it holds. Used by the server tests and the browser journeys.
 */

// Deliveries shaped as Figma sends them (docs/figma-api.md#webhook-deliveries-figma-sends).
export const PAYLOADS = {
  ping: {
    event_type: 'PING',
    passcode: 'REPLACE_WITH_STORED_PASSCODE',
    timestamp: '2026-10-02T09:00:00Z',
    webhook_id: '1442087',
  },
  fileCommentTopLevel: {
    event_type: 'FILE_COMMENT',
    comment: [
      { text: 'Button contrast is too low on hover ' },
      { mention: '811724164054158337' },
      { text: ' #task' },
    ] as Array<{ text?: string; mention?: string }>,
    comment_id: '1180434951',
    parent_id: '',
    order_id: '17',
    created_at: '2026-10-02T09:14:27Z',
    resolved_at: '',
    file_key: 'zH44k2FUM629Fa4EMShiHL',
    file_name: 'Checkout redesign',
    mentions: [{ id: '811724164054158337', handle: 'Ada Lovelace' }],
    triggered_by: { id: '813845097374535682', handle: 'Grace Hopper' },
    passcode: 'REPLACE_WITH_STORED_PASSCODE',
    timestamp: '2026-10-02T09:14:28Z',
    webhook_id: '1442087',
    retries: 0,
    protocol_version: '2',
  },
  fileCommentReply: {
    event_type: 'FILE_COMMENT',
    comment: [{ text: 'Fixed in v3, please check again' }] as Array<{ text?: string; mention?: string }>,
    comment_id: '1180440007',
    parent_id: '1180434951',
    order_id: '',
    created_at: '2026-10-02T10:02:11Z',
    resolved_at: '',
    file_key: 'zH44k2FUM629Fa4EMShiHL',
    file_name: 'Checkout redesign',
    mentions: [] as Array<{ id: string; handle: string }>,
    triggered_by: { id: '811724164054158337', handle: 'Ada Lovelace' },
    passcode: 'REPLACE_WITH_STORED_PASSCODE',
    timestamp: '2026-10-02T10:02:12Z',
    webhook_id: '1442087',
    retries: 0,
    protocol_version: '2',
  },
  createWebhookResponse: {
    id: '1442087',
    event_type: 'FILE_COMMENT',
    team_id: '1234567890123456789',
    context: 'TEAM',
    context_id: '1234567890123456789',
    plan_api_id: 'organization-98765',
    status: 'ACTIVE',
    client_id: null,
    passcode: 'REPLACE_WITH_STORED_PASSCODE',
    endpoint: 'https://figgle.example.com/api/figma/webhook',
    description: 'Figgle',
    protocol_version: '2',
  },
  getComments: {
    comments: [
      {
        id: '1180434951',
        file_key: 'zH44k2FUM629Fa4EMShiHL',
        parent_id: '',
        user: {
          id: '813845097374535682',
          handle: 'Grace Hopper',
          img_url: 'https://s3-alpha.figma.com/profile/grace',
        },
        created_at: '2026-10-02T09:14:27Z',
        resolved_at: null,
        message: 'Button contrast is too low on hover @Ada Lovelace #task',
        order_id: '17',
        reactions: [],
        client_meta: { node_id: '12:345', node_offset: { x: 40, y: 12 } },
      },
      {
        id: '1180440007',
        file_key: 'zH44k2FUM629Fa4EMShiHL',
        parent_id: '1180434951',
        user: {
          id: '811724164054158337',
          handle: 'Ada Lovelace',
          img_url: 'https://s3-alpha.figma.com/profile/ada',
        },
        created_at: '2026-10-02T10:02:11Z',
        resolved_at: null,
        message: 'Fixed in v3, please check again',
        order_id: null,
        reactions: [],
        client_meta: { x: 0, y: 0 },
      },
    ],
  },
} as const;

export const SAMPLE_FILE_KEY = PAYLOADS.fileCommentTopLevel.file_key;
export const SAMPLE_FILE_NAME = PAYLOADS.fileCommentTopLevel.file_name;
export const SAMPLE_TEAM_ID = PAYLOADS.createWebhookResponse.team_id;
export const SAMPLE_NODE_ID = '12:345';

export interface ReceivedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  /** The X-Figma-Token header, as received. */
  token: string | null;
  body: unknown;
  /** When it arrived (Date.now()). */
  at: number;
}

export interface FakeWebhook {
  id: string;
  event_type: string;
  context: string;
  context_id: string;
  team_id: string;
  plan_api_id: string;
  status: string;
  client_id: null;
  passcode: string;
  endpoint: string;
  description: string;
  protocol_version: string;
}

export interface FakeComment {
  id: string;
  file_key: string;
  parent_id: string;
  user: { id: string; handle: string; img_url: string };
  created_at: string;
  resolved_at: string | null;
  message: string;
  order_id: string | null;
  reactions: unknown[];
  client_meta: Record<string, unknown>;
}

export interface Delivery {
  status: number;
  body: unknown;
}

export interface CommentDeliveryOptions {
  commentId?: string;
  parentId?: string;
  text?: string;
  fragments?: Array<{ text?: string; mention?: string }>;
  mentions?: Array<{ id: string; handle: string }>;
  fileKey?: string;
  fileName?: string;
  handle?: string;
  /** The node the comment is pinned to (the comments API tells it); null pins it to the canvas. */
  nodeId?: string | null;
  /** Send with this passcode instead of the webhook's. */
  passcode?: string;
  webhookId?: string;
  retries?: number;
  /** Send to this address instead of the webhook's endpoint (another server of the same deployment). */
  endpoint?: string;
}

let nextCommentId = 1_180_500_000;

export class FakeFigma {
  url = '';
  readonly received: ReceivedRequest[] = [];
  /** Tokens Figma accepts; a request with another gets 403. */
  readonly tokens = new Set<string>();
  /** OAuth 2: the authorization page, the code exchange and the refresh (fake-figma-oauth.ts). */
  readonly oauth = new FakeFigmaOAuth(this.tokens);
  /** Teams on a plan without webhooks: creating one answers 400 Access Denied. */
  readonly teamsWithoutWebhooks = new Set<string>();
  /** Event types whose webhooks creation refuses with 400 Access Denied (one of several refused). */
  readonly refusedEventTypes = new Set<string>();
  readonly webhooks = new Map<string, FakeWebhook>();
  readonly files = new Map<string, { name: string; comments: FakeComment[] }>();
  /** What each PING sent on webhook creation was answered. */
  readonly pingAnswers: Delivery[] = [];
  /** Send a PING to the endpoint on creation, as Figma does (unless created PAUSED). */
  pingOnCreate = true;
  /** Answer the images API with null for these node ids (a node that failed to render). */
  readonly unrenderableNodes = new Set<string>();
  /** The Dev Mode status of nodes (devStatus on the nodes API; fake-figma-events.ts). */
  readonly devStatuses = new FakeDevStatuses();
  /** Version history and how nodes render at each version (fake-figma-versions.ts). */
  readonly history = new FakeFigmaVersions();
  /** Dev resources on the files' nodes (fake-figma-dev-resources.ts). */
  readonly devResources = new FakeDevResources((key) => this.files.has(key));
  private rateLimited: { remaining: number; retryAfterSeconds: number; path: RegExp } | null = null;
  private failures: Array<{ remaining: number; status: number; path: RegExp }> = [];
  private stalls: Array<{ method: string; path: RegExp; held: Array<() => void> }> = [];
  private nextWebhookId = Number(PAYLOADS.createWebhookResponse.id);
  private server: http.Server | null = null;

  constructor(options: { tokens?: string[] } = {}) {
    for (const token of options.tokens ?? []) this.tokens.add(token);
    this.addFile(SAMPLE_FILE_KEY, SAMPLE_FILE_NAME);
  }

  async start(): Promise<this> {
    this.server = http.createServer((request, response) => {
      this.handle(request, response).catch((error: unknown) => {
        response.writeHead(500, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ status: 500, err: String(error) }));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    if (!this.server) return;
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
    this.server = null;
  }

  addFile(key: string, name: string): void {
    if (!this.files.has(key)) this.files.set(key, { name, comments: [] });
  }

  /** The next `count` API calls (whose path matches) answer 429 with this Retry-After. */
  rateLimitNext(count: number, retryAfterSeconds: number, path = /./): void {
    this.rateLimited = { remaining: count, retryAfterSeconds, path };
  }

  /** The next `count` API calls whose path matches answer `status` (500 for an outage, 404, 403…). */
  failNext(count: number, status: number, path = /./): void {
    this.failures.push({ remaining: count, status, path });
  }

  /**
   * Holds matching API calls, unanswered, until the returned release: Figma being slow. A call held
   * when its caller went away (a server killed meanwhile) is still carried out on release, as Figma
   * would have done with a request it had received.
   */
  stall(method: string, path: RegExp): () => void {
    const stall = { method, path, held: [] as Array<() => void> };
    this.stalls.push(stall);
    return () => {
      this.stalls = this.stalls.filter((other) => other !== stall);
      for (const resume of stall.held.splice(0)) resume();
    };
  }

  /** Replies Figgle posted in the thread of `rootId` that Figma carried out. */
  repliesIn(fileKey: string, rootId: string): FakeComment[] {
    return (this.files.get(fileKey)?.comments ?? []).filter((comment) => comment.parent_id === rootId);
  }

  requests(method: string, pathPattern: RegExp): ReceivedRequest[] {
    return this.received.filter((r) => r.method === method && pathPattern.test(r.path));
  }

  /** The newest active webhook of the event type (the one Figgle registered last). */
  latestWebhook(eventType = 'FILE_COMMENT'): FakeWebhook | undefined {
    return [...this.webhooks.values()]
      .filter((w) => w.status === 'ACTIVE' && w.event_type === eventType)
      .at(-1);
  }

  /**
   * A DEV_MODE_STATUS_UPDATE, as Figma sends when a designer marks a node: the node takes the status
   * (the nodes API answers it), and the delivery goes to the newest webhook of that type. The same
   * timestamp twice is Figma's retry.
   */
  async deliverDevModeStatus(options: {
    nodeId?: string;
    status: DevStatus;
    fileKey?: string;
    timestamp?: string;
    webhookId?: string;
    passcode?: string;
  }): Promise<Delivery> {
    const payload = EVENT_PAYLOADS.devModeStatusUpdate;
    const fileKey = options.fileKey ?? payload.file_key;
    const nodeId = options.nodeId ?? payload.node_id;
    this.devStatuses.set(fileKey, nodeId, options.status);
    return this.deliverEvent('DEV_MODE_STATUS_UPDATE', {
      file_key: fileKey,
      file_name: this.files.get(fileKey)?.name ?? payload.file_name,
      node_id: nodeId,
      status: options.status,
      timestamp: options.timestamp ?? new Date().toISOString(),
      ...(options.webhookId ? { webhook_id: options.webhookId } : {}),
      ...(options.passcode ? { passcode: options.passcode } : {}),
    });
  }

  /**
   * Any event type, built from EVENT_PAYLOADS' example of that type (FILE_VERSION_UPDATE,
   * FILE_UPDATE, DEV_MODE_STATUS_UPDATE) with `fields` over it, sent to the newest webhook of that
   * type (or `fields.webhook_id`'s) with its passcode unless `fields.passcode` says another.
   */
  async deliverEvent(eventType: string, fields: Record<string, unknown> = {}): Promise<Delivery> {
    const webhook = this.webhookFor(
      typeof fields.webhook_id === 'string' ? fields.webhook_id : undefined,
      eventType,
    );
    const example = Object.values(EVENT_PAYLOADS).find((p) => p.event_type === eventType) ?? {};
    return this.post(webhook.endpoint, {
      ...example,
      event_type: eventType,
      timestamp: new Date().toISOString(),
      ...fields,
      webhook_id: webhook.id,
      passcode: typeof fields.passcode === 'string' ? fields.passcode : webhook.passcode,
    });
  }

  // Deliveries ------------------------------------------------------------------------------------

  async deliverPing(options: { webhookId?: string; passcode?: string } = {}): Promise<Delivery> {
    const webhook = this.webhookFor(options.webhookId);
    return this.post(webhook.endpoint, {
      ...PAYLOADS.ping,
      timestamp: new Date().toISOString(),
      webhook_id: webhook.id,
      passcode: options.passcode ?? webhook.passcode,
    });
  }

  /** The top-level '#task' comment of the payloads (pinned to node 12:345), or a variant. */
  deliverTaskComment(options: CommentDeliveryOptions = {}): Promise<Delivery> {
    return this.deliverComment({
      commentId: PAYLOADS.fileCommentTopLevel.comment_id,
      fragments: PAYLOADS.fileCommentTopLevel.comment.map((f) => ({ ...f })),
      mentions: PAYLOADS.fileCommentTopLevel.mentions.map((m) => ({ ...m })),
      handle: PAYLOADS.fileCommentTopLevel.triggered_by.handle,
      nodeId: SAMPLE_NODE_ID,
      ...options,
    });
  }

  /** The reply of the payloads, in the thread of the '#task' comment, or a variant. */
  deliverReply(options: CommentDeliveryOptions = {}): Promise<Delivery> {
    return this.deliverComment({
      commentId: PAYLOADS.fileCommentReply.comment_id,
      parentId: PAYLOADS.fileCommentReply.parent_id,
      fragments: PAYLOADS.fileCommentReply.comment.map((f) => ({ ...f })),
      handle: PAYLOADS.fileCommentReply.triggered_by.handle,
      nodeId: null,
      ...options,
    });
  }

  /** A top-level comment without the marker. */
  deliverPlainComment(options: CommentDeliveryOptions = {}): Promise<Delivery> {
    return this.deliverComment({
      text: 'Could the hero image be a little larger on mobile?',
      handle: 'Margaret Hamilton',
      nodeId: '40:7',
      ...options,
    });
  }

  /**
   * A FILE_COMMENT shaped like the payloads. The comment is also added to the file, as Figma would,
   * so the comments API can tell where it is pinned. The same commentId twice is Figma's retry.
   */
  async deliverComment(options: CommentDeliveryOptions): Promise<Delivery> {
    const webhook = this.webhookFor(options.webhookId);
    const commentId = options.commentId ?? String(nextCommentId++);
    const fileKey = options.fileKey ?? SAMPLE_FILE_KEY;
    const fileName = options.fileName ?? this.files.get(fileKey)?.name ?? SAMPLE_FILE_NAME;
    const fragments = options.fragments ?? [{ text: options.text ?? 'A comment' }];
    const mentions = options.mentions ?? [];
    const handle = options.handle ?? 'Grace Hopper';
    const createdAt = new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
    this.addFile(fileKey, fileName);
    const file = this.files.get(fileKey)!;
    if (!file.comments.some((c) => c.id === commentId)) {
      file.comments.push({
        id: commentId,
        file_key: fileKey,
        parent_id: options.parentId ?? '',
        user: { id: '813845097374535682', handle, img_url: 'https://s3-alpha.figma.com/profile/someone' },
        created_at: createdAt,
        resolved_at: null,
        message: fragments
          .map((f) => f.text ?? `@${mentions.find((m) => m.id === f.mention)?.handle ?? f.mention}`)
          .join(''),
        order_id: options.parentId ? null : String(file.comments.length + 1),
        reactions: [],
        client_meta: options.nodeId
          ? { node_id: options.nodeId, node_offset: { x: 40, y: 12 } }
          : { x: 120, y: 80 },
      });
    }
    return this.post(options.endpoint ?? webhook.endpoint, {
      ...PAYLOADS.fileCommentTopLevel,
      comment: fragments,
      comment_id: commentId,
      parent_id: options.parentId ?? '',
      order_id: options.parentId ? '' : '18',
      created_at: createdAt,
      file_key: fileKey,
      file_name: fileName,
      mentions,
      triggered_by: { id: '813845097374535682', handle },
      passcode: options.passcode ?? webhook.passcode,
      timestamp: createdAt,
      webhook_id: webhook.id,
      retries: options.retries ?? 0,
    });
  }

  /** Anything at all to the webhook endpoint (malformed JSON, odd types, huge bodies). */
  async deliverRaw(body: string, contentType = 'application/json', endpoint?: string): Promise<Delivery> {
    const target = endpoint ?? this.webhookFor().endpoint;
    const response = await fetch(target, { method: 'POST', headers: { 'content-type': contentType }, body });
    return { status: response.status, body: await readBody(response) };
  }

  private webhookFor(id?: string, eventType = 'FILE_COMMENT'): FakeWebhook {
    const webhook = id ? this.webhooks.get(id) : this.latestWebhook(eventType);
    if (!webhook) throw new Error('The fake Figma holds no such webhook: register one first');
    return webhook;
  }

  private async post(endpoint: string, body: unknown): Promise<Delivery> {
    const response = await fetch(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'Figma-Webhooks/2' },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: await readBody(response) };
  }

  // The API ---------------------------------------------------------------------------------------

  private async handle(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', this.url);
    const raw = await readRequest(request);
    let body: unknown = null;
    if (raw) {
      try {
        body = JSON.parse(raw);
      } catch {
        body = raw;
      }
    }
    const token = headerOf(request, 'x-figma-token') ?? bearerOf(request);
    this.received.push({
      method: request.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      token,
      body,
      at: Date.now(),
    });
    const send = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
      response.writeHead(status, { 'content-type': 'application/json', ...headers });
      response.end(JSON.stringify(payload));
    };

    if (this.oauth.handle(request.method ?? 'GET', url, raw, request, response)) return;

    // A rendered image lives on Figma's storage, not behind the API: no token, no rate limit.
    const image = /^\/images\/([A-Za-z0-9]+)\/([^/]+)\.png$/.exec(url.pathname);
    if (image && request.method === 'GET') {
      const png = renderPng(decodeURIComponent(image[2]!) + (url.searchParams.get('look') ?? ''));
      response.writeHead(200, { 'content-type': 'image/png', 'content-length': String(png.length) });
      response.end(png);
      return;
    }

    const stall = this.stalls.find((s) => s.method === request.method && s.path.test(url.pathname));
    if (stall) await new Promise<void>((resume) => stall.held.push(resume));
    const failure = this.failures.find((f) => f.remaining > 0 && f.path.test(url.pathname));
    if (failure) {
      failure.remaining -= 1;
      this.failures = this.failures.filter((f) => f.remaining > 0);
      send(failure.status, {
        status: failure.status,
        err: failure.status >= 500 ? 'Internal error' : 'Refused',
      });
      return;
    }
    if (this.rateLimited && this.rateLimited.remaining > 0 && this.rateLimited.path.test(url.pathname)) {
      this.rateLimited.remaining -= 1;
      const retryAfter = String(this.rateLimited.retryAfterSeconds);
      if (this.rateLimited.remaining === 0) this.rateLimited = null;
      send(429, { status: 429, err: 'Rate limit exceeded' }, { 'retry-after': retryAfter });
      return;
    }
    if (!token || !this.tokens.has(token) || this.oauth.isExpired(token)) {
      const webhookRoute = url.pathname.startsWith('/v2/');
      send(
        403,
        webhookRoute
          ? { error: true, status: 403, message: 'Invalid token' }
          : { status: 403, err: 'Invalid token' },
      );
      return;
    }

    const method = request.method ?? 'GET';
    const path = url.pathname;
    const idIn = (pattern: RegExp) => {
      const found = pattern.exec(path)?.[1];
      return found === undefined ? null : decodeURIComponent(found);
    };
    const webhookId = idIn(/^\/v2\/webhooks\/([^/]+)$/);
    const commentsOf = idIn(/^\/v1\/files\/([^/]+)\/comments$/);
    const fileKey = idIn(/^\/v1\/files\/([^/]+)$/);
    const imagesOf = idIn(/^\/v1\/images\/([^/]+)$/);
    const nodesOf = idIn(/^\/v1\/files\/([^/]+)\/nodes$/);

    if (method === 'POST' && path === '/v2/webhooks') return this.createWebhook(body, send);
    if (method === 'GET' && path === '/v2/webhooks') {
      const contextId = url.searchParams.get('context_id');
      const webhooks = [...this.webhooks.values()]
        .filter((w) => w.context_id === contextId)
        .map((w) => ({ ...w, passcode: '' }));
      return send(200, { webhooks });
    }
    if (webhookId !== null) {
      const webhook = this.webhooks.get(webhookId);
      if (!webhook) return send(404, { error: true, status: 404, message: 'Not found' });
      if (method === 'GET') return send(200, { ...webhook, passcode: '' });
      if (method === 'DELETE') {
        this.webhooks.delete(webhook.id);
        return send(200, { ...webhook, passcode: '' });
      }
    }
    if (commentsOf !== null) {
      const file = this.files.get(commentsOf);
      if (!file) return send(404, { status: 404, err: 'Not found' });
      if (method === 'GET') return send(200, { comments: file.comments });
      if (method === 'POST') return this.postComment(file, commentsOf, body, send);
    }
    if (fileKey !== null && method === 'GET') {
      const file = this.files.get(fileKey);
      if (!file) return send(404, { status: 404, err: 'Not found' });
      return send(200, {
        name: file.name,
        lastModified: '2026-10-02T09:00:00Z',
        thumbnailUrl: `${this.url}/images/${fileKey}/thumbnail.png`,
        version: '1234567890',
        document: { id: '0:0', name: 'Document', type: 'DOCUMENT', children: [] },
      });
    }
    if (nodesOf !== null && method === 'GET') {
      const file = this.files.get(nodesOf);
      if (!file) return send(404, { status: 404, err: 'Not found' });
      const ids = (url.searchParams.get('ids') ?? '').split(',').filter(Boolean);
      if (ids.length === 0) return send(400, { status: 400, err: 'No node ids' });
      return send(200, this.devStatuses.nodesAnswer(nodesOf, file.name, ids));
    }
    if (imagesOf !== null && method === 'GET') {
      const key = imagesOf;
      if (!this.files.has(key)) return send(404, { status: 404, err: 'Not found' });
      const ids = (url.searchParams.get('ids') ?? '').split(',').filter(Boolean);
      if (ids.length === 0) return send(400, { status: 400, err: 'No node ids' });
      const version = url.searchParams.get('version');
      const at = (id: string) => this.history.imagePath(key, id, version);
      if (ids.some((id) => at(id) === undefined)) return send(400, { status: 400, err: 'Invalid version' });
      const images = Object.fromEntries(
        ids.map((id) => [id, this.unrenderableNodes.has(id) ? null : `${this.url}${at(id)}`]),
      );
      return send(200, { err: null, images });
    }
    if (this.devResources.handle(method, path, url.searchParams, body, send)) return;
    const versionsOf = idIn(/^\/v1\/files\/([^/]+)\/versions$/);
    if (versionsOf !== null && method === 'GET') {
      if (!this.files.has(versionsOf)) return send(404, { status: 404, err: 'Not found' });
      return send(
        200,
        this.history.versionsAnswer(versionsOf, Number(url.searchParams.get('page_size') ?? 30)),
      );
    }
    send(404, { status: 404, err: 'Not found' });
  }

  private async createWebhook(
    body: unknown,
    send: (status: number, payload: unknown) => void,
  ): Promise<void> {
    const input = (body ?? {}) as Record<string, unknown>;
    const context = String(input.context ?? '').toLowerCase();
    const contextId = String(input.context_id ?? input.team_id ?? '');
    const endpoint = String(input.endpoint ?? '');
    const passcode = String(input.passcode ?? '');
    const problems: string[] = [];
    if (!(WEBHOOK_EVENT_TYPES as readonly unknown[]).includes(input.event_type)) problems.push('event_type');
    if (!['team', 'project', 'file'].includes(context)) problems.push('context');
    if (!contextId) problems.push('context_id');
    if (!endpoint || endpoint.length > 2048) problems.push('endpoint');
    if (!passcode || passcode.length > 100) problems.push('passcode');
    if (typeof input.description === 'string' && input.description.length > 150) problems.push('description');
    if (problems.length > 0) {
      return send(400, { error: true, status: 400, message: `Invalid parameters: ${problems.join(', ')}` });
    }
    if (this.teamsWithoutWebhooks.has(contextId) || this.refusedEventTypes.has(String(input.event_type))) {
      return send(400, { error: true, status: 400, message: 'Access Denied' });
    }
    if ([...this.webhooks.values()].filter((w) => w.context_id === contextId).length >= 20) {
      return send(400, { error: true, status: 400, message: 'Webhook limit reached for this team' });
    }
    this.nextWebhookId += 1;
    const webhook: FakeWebhook = {
      ...PAYLOADS.createWebhookResponse,
      id: String(this.nextWebhookId),
      event_type: String(input.event_type),
      context: context.toUpperCase(),
      context_id: contextId,
      team_id: context === 'team' ? contextId : '',
      status: input.status === 'PAUSED' ? 'PAUSED' : 'ACTIVE',
      passcode,
      endpoint,
      description: typeof input.description === 'string' ? input.description : '',
    };
    this.webhooks.set(webhook.id, webhook);
    // Figma pings the endpoint while creating the webhook, before it answers the creation.
    if (this.pingOnCreate && webhook.status === 'ACTIVE') {
      try {
        this.pingAnswers.push(
          await this.post(endpoint, {
            ...PAYLOADS.ping,
            passcode,
            webhook_id: webhook.id,
            timestamp: new Date().toISOString(),
          }),
        );
      } catch {
        this.pingAnswers.push({ status: 0, body: null });
      }
    }
    send(200, webhook);
  }

  private postComment(
    file: { name: string; comments: FakeComment[] },
    key: string,
    body: unknown,
    send: (status: number, payload: unknown) => void,
  ): void {
    const input = (body ?? {}) as Record<string, unknown>;
    if (typeof input.message !== 'string' || !input.message) {
      send(400, { status: 400, err: 'message is required' });
      return;
    }
    const parentId = input.comment_id === undefined ? '' : String(input.comment_id);
    if (parentId) {
      const parent = file.comments.find((c) => c.id === parentId);
      if (!parent) {
        send(404, { status: 404, err: 'Comment not found' });
        return;
      }
      if (parent.parent_id) {
        send(400, { status: 400, err: 'Only root comments can be replied to' });
        return;
      }
    }
    const comment: FakeComment = {
      id: String(nextCommentId++),
      file_key: key,
      parent_id: parentId,
      user: { id: '900000000000000001', handle: 'Figgle Bot', img_url: '' },
      created_at: new Date().toISOString(),
      resolved_at: null,
      message: input.message,
      order_id: parentId ? null : String(file.comments.length + 1),
      reactions: [],
      client_meta: (input.client_meta as Record<string, unknown>) ?? { x: 0, y: 0 },
    };
    file.comments.push(comment);
    send(200, comment);
  }
}

/** An OAuth access token, sent as Figma's docs say: `Authorization: Bearer <token>`. */
function bearerOf(request: http.IncomingMessage): string | null {
  const match = /^Bearer (\S+)$/i.exec(headerOf(request, 'authorization') ?? '');
  return match?.[1] ?? null;
}

function headerOf(request: http.IncomingMessage, name: string): string | null {
  const value = request.headers[name];
  return Array.isArray(value) ? (value[0] ?? null) : (value ?? null);
}

function readRequest(request: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

// A real PNG, so the browser draws the node: a card with a button-like bar, coloured by node id.

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

function renderPng(nodeId: string, width = 480, height = 300): Buffer {
  let hash = 0;
  for (const char of nodeId) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  const accent = [80 + (hash % 120), 60 + ((hash >> 8) % 120), 160 + ((hash >> 16) % 90)];
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x += 1) {
      const inCard = x > 40 && x < width - 40 && y > 40 && y < height - 40;
      const inButton = x > 140 && x < width - 140 && y > height / 2 - 24 && y < height / 2 + 24;
      const colour = inButton ? accent : inCard ? [255, 255, 255] : [238, 240, 245];
      row[1 + x * 3] = colour[0]!;
      row[2 + x * 3] = colour[1]!;
      row[3 + x * 3] = colour[2]!;
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
