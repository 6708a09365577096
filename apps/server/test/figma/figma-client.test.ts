// @database pglite

import {
  FakeFigma,
  SAMPLE_FILE_KEY,
  SAMPLE_FILE_NAME,
  SAMPLE_NODE_ID,
  SAMPLE_TEAM_ID,
} from '@figgle/test-support/fake-figma';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FigmaClient } from '../../src/figma/client.ts';
import { FigmaError, parseRetryAfter } from '../../src/figma/errors.ts';
import { decryptToken, encryptToken, redactToken } from '../../src/figma/token-crypto.ts';

const TOKEN = 'figd_client-test-token-0000a1b2';
let figma: FakeFigma;

beforeAll(async () => {
  figma = await new FakeFigma({ tokens: [TOKEN] }).start();
  figma.pingOnCreate = false;
});
afterAll(async () => {
  await figma.stop();
});

async function failure(promise: Promise<unknown>): Promise<FigmaError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof FigmaError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe('FigmaClient against the fake Figma', () => {
  it('creates, lists and deletes team webhooks with the token header', async () => {
    const client = new FigmaClient({ baseUrl: figma.url }, TOKEN);
    const webhook = await client.createWebhook({
      teamId: SAMPLE_TEAM_ID,
      endpoint: 'http://127.0.0.1:9/api/figma/webhook',
      passcode: 'p'.repeat(43),
    });
    expect(webhook).toMatchObject({
      event_type: 'FILE_COMMENT',
      context_id: SAMPLE_TEAM_ID,
      status: 'ACTIVE',
    });
    const sent = figma.requests('POST', /^\/v2\/webhooks$/).at(-1)!;
    expect(sent.token).toBe(TOKEN);
    expect(sent.body).toMatchObject({
      event_type: 'FILE_COMMENT',
      context: 'team',
      context_id: SAMPLE_TEAM_ID,
    });

    const listed = await client.listTeamWebhooks(SAMPLE_TEAM_ID);
    expect(listed.map((w) => w.id)).toContain(webhook.id);
    await client.deleteWebhook(webhook.id);
    expect(figma.webhooks.has(webhook.id)).toBe(false);
    // Deleting it again is not an error: it is gone either way.
    await client.deleteWebhook(webhook.id);
  });

  it('reads comments, replies, renders a node and reads a file name', async () => {
    const client = new FigmaClient({ baseUrl: figma.url }, TOKEN);
    figma.files.get(SAMPLE_FILE_KEY)!.comments.push({
      id: '555',
      file_key: SAMPLE_FILE_KEY,
      parent_id: '',
      user: { id: '1', handle: 'Grace Hopper', img_url: '' },
      created_at: '2026-10-02T09:14:27Z',
      resolved_at: null,
      message: 'hello',
      order_id: '1',
      reactions: [],
      client_meta: { node_id: SAMPLE_NODE_ID, node_offset: { x: 1, y: 2 } },
    });
    const comments = await client.getComments(SAMPLE_FILE_KEY);
    expect(comments.find((c) => c.id === '555')?.client_meta).toMatchObject({ node_id: SAMPLE_NODE_ID });

    const reply = await client.postReply(SAMPLE_FILE_KEY, '555', 'Done in Figgle: TRI-1');
    expect(reply.parent_id).toBe('555');
    expect(figma.requests('POST', /\/comments$/).at(-1)!.body).toEqual({
      message: 'Done in Figgle: TRI-1',
      comment_id: '555',
    });

    const url = await client.renderNode(SAMPLE_FILE_KEY, SAMPLE_NODE_ID);
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/images\//);
    expect(figma.requests('GET', /^\/v1\/images\//).at(-1)!.query).toEqual({
      ids: SAMPLE_NODE_ID,
      format: 'png',
      scale: '2',
    });
    const image = await client.downloadImage(url!);
    expect(image.contentType).toBe('image/png');
    expect(image.bytes.subarray(1, 4).toString('ascii')).toBe('PNG');

    figma.unrenderableNodes.add('9:9');
    expect(await client.renderNode(SAMPLE_FILE_KEY, '9:9')).toBeNull();
    expect(await client.getFileName(SAMPLE_FILE_KEY)).toBe(SAMPLE_FILE_NAME);
  });

  it('names a bad token, a plan without webhooks and a missing file clearly', async () => {
    const stranger = new FigmaClient({ baseUrl: figma.url }, 'figd_not-a-real-token');
    const badToken = await failure(stranger.getComments(SAMPLE_FILE_KEY));
    expect(badToken.kind).toBe('bad_token');
    expect(badToken.message).toMatch(/Figma refused the token/);
    expect(badToken.message).not.toContain('figd_not-a-real-token');

    figma.teamsWithoutWebhooks.add('999');
    const client = new FigmaClient({ baseUrl: figma.url }, TOKEN);
    const denied = await failure(
      client.createWebhook({ teamId: '999', endpoint: 'http://127.0.0.1:9/x', passcode: 'abc' }),
    );
    expect(denied.kind).toBe('no_webhooks');
    expect(denied.message).toMatch(/paid Figma plan/);

    const missing = await failure(client.getFileName('NoSuchFile000000'));
    expect(missing.kind).toBe('not_found');
  });

  it('waits out a short Retry-After once, then succeeds', async () => {
    const client = new FigmaClient({ baseUrl: figma.url }, 'figd_short-wait-token');
    figma.tokens.add('figd_short-wait-token');
    figma.rateLimitNext(1, 1);
    const before = figma.received.length;
    const started = Date.now();
    expect(await client.getFileName(SAMPLE_FILE_KEY)).toBe(SAMPLE_FILE_NAME);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(figma.received.length - before).toBe(2);
  });

  it('reports a long Retry-After and leaves Figma alone until it has passed', async () => {
    figma.tokens.add('figd_long-wait-token');
    const client = new FigmaClient({ baseUrl: figma.url }, 'figd_long-wait-token');
    figma.rateLimitNext(1, 7200);
    const before = figma.received.length;
    const limited = await failure(client.getComments(SAMPLE_FILE_KEY));
    expect(limited.kind).toBe('rate_limited');
    expect(limited.retryAfterSeconds).toBe(7200);
    expect(limited.message).toBe('Figma is limiting requests: try again in 2 hours.');
    expect(figma.received.length - before).toBe(1);

    // Twenty more calls: none reaches Figma, all fail at once.
    const started = Date.now();
    for (let i = 0; i < 20; i += 1) {
      expect((await failure(client.getComments(SAMPLE_FILE_KEY))).kind).toBe('rate_limited');
    }
    expect(Date.now() - started).toBeLessThan(500);
    expect(figma.received.length - before).toBe(1);

    // Another token is not held back.
    const other = new FigmaClient({ baseUrl: figma.url }, TOKEN);
    expect(await other.getFileName(SAMPLE_FILE_KEY)).toBe(SAMPLE_FILE_NAME);
  });

  it('counts an unreachable Figma as unavailable', async () => {
    const client = new FigmaClient({ baseUrl: 'http://127.0.0.1:9', timeoutMs: 2000 }, TOKEN);
    expect((await failure(client.getComments(SAMPLE_FILE_KEY))).kind).toBe('unavailable');
  });
});

describe('Retry-After', () => {
  it('reads seconds and HTTP dates', () => {
    expect(parseRetryAfter('120')).toBe(120);
    expect(parseRetryAfter(new Date(Date.now() + 60_000).toUTCString())).toBeGreaterThanOrEqual(59);
    expect(parseRetryAfter('soon')).toBeNull();
    expect(parseRetryAfter(null)).toBeNull();
  });
});

describe('token encryption', () => {
  const secret = 'test-secret-that-is-long-enough-0123456789';

  it('round-trips, never stores the token in clear and changes every time', () => {
    const token = 'figd_s3cr3t-value-a1b2';
    const first = encryptToken(token, secret);
    const second = encryptToken(token, secret);
    expect(first).not.toContain(token);
    expect(first).not.toBe(second);
    expect(decryptToken(first, secret)).toBe(token);
    expect(decryptToken(second, secret)).toBe(token);
  });

  it('refuses a tampered value or another secret', () => {
    const stored = encryptToken('figd_abc', secret);
    const parts = stored.split('.');
    const tampered = [parts[0], parts[1], parts[2], Buffer.from('zzzz').toString('base64url')].join('.');
    expect(decryptToken(tampered, secret)).toBeNull();
    expect(decryptToken(stored, `${secret}-other`)).toBeNull();
    expect(decryptToken('garbage', secret)).toBeNull();
  });

  it('redacts to the prefix and the last four characters', () => {
    expect(redactToken('figd_4nYtHiNg-long-enough-a1b2')).toBe('figd_…a1b2');
    expect(redactToken('plainlongtokenvaluez9y8')).toBe('…z9y8');
    expect(redactToken('figd_short')).toBe('figd_…');
  });
});
