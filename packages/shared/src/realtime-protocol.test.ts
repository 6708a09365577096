import { describe, expect, it } from 'vitest';
import {
  CLOSE_CODES,
  clientFrameSchema,
  ERROR_CODES,
  EVENT_KINDS,
  MAX_SUBSCRIPTIONS_PER_SOCKET,
  MIN_CLIENT_PROTOCOL_VERSION,
  PRESENCE_ROUTE_MAX,
  PROTOCOL_VERSION,
  parseClientFrame,
  parseTopic,
  REALTIME_PATH,
  routeSubject,
  topics,
} from './realtime-protocol.ts';

const orgId = '2f4b6c8d-1a3e-4f50-8b7c-9d0e1f2a3b4c';
const projectId = '11111111-1111-4111-8111-111111111111';
const taskId = 'abcdef01-2345-4678-89ab-cdef01234567';

describe('the protocol version', () => {
  it('accepts the clients this build ships: the current version is not below the minimum', () => {
    expect(Number.isInteger(PROTOCOL_VERSION)).toBe(true);
    expect(Number.isInteger(MIN_CLIENT_PROTOCOL_VERSION)).toBe(true);
    expect(MIN_CLIENT_PROTOCOL_VERSION).toBeGreaterThanOrEqual(1);
    expect(PROTOCOL_VERSION).toBeGreaterThanOrEqual(MIN_CLIENT_PROTOCOL_VERSION);
  });

  it('has an error code and a close code for a client that is too old', () => {
    expect(ERROR_CODES).toContain('client-too-old');
    expect(CLOSE_CODES.clientTooOld).toBe(4426);
  });

  it('lives at /api/realtime', () => {
    expect(REALTIME_PATH).toBe('/api/realtime');
  });
});

describe('CLOSE_CODES, ERROR_CODES, EVENT_KINDS', () => {
  it('uses distinct close codes in the range reserved for applications (4000-4999)', () => {
    const codes = Object.values(CLOSE_CODES);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) {
      expect(code).toBeGreaterThanOrEqual(4000);
      expect(code).toBeLessThan(5000);
    }
  });

  it('lists each error code and event kind once', () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
    expect(ERROR_CODES).toEqual(
      expect.arrayContaining([
        'forbidden',
        'unknown-topic',
        'bad-frame',
        'rate-limited',
        'too-many-subscriptions',
      ]),
    );
    expect(new Set(EVENT_KINDS).size).toBe(EVENT_KINDS.length);
    expect([...EVENT_KINDS].sort()).toEqual(
      [
        'comment',
        'figma_event',
        'label',
        'log',
        'membership',
        'notification',
        'organization',
        'project',
        'task',
      ].sort(),
    );
  });

  it('keeps the limits positive', () => {
    expect(PRESENCE_ROUTE_MAX).toBe(200);
    expect(MAX_SUBSCRIPTIONS_PER_SOCKET).toBeGreaterThan(0);
  });
});

describe('topics and parseTopic', () => {
  it('parses every topic the builders make back into its parts', () => {
    expect(parseTopic(topics.projects(orgId))).toEqual({ type: 'projects', organizationId: orgId });
    expect(parseTopic(topics.tasks(projectId))).toEqual({ type: 'tasks', projectId });
    expect(parseTopic(topics.task(taskId))).toEqual({ type: 'task', taskId });
    expect(parseTopic(topics.myTasks)).toEqual({ type: 'my-tasks' });
    expect(parseTopic(topics.inbox)).toEqual({ type: 'inbox' });
    expect(parseTopic(topics.figmaEvents)).toEqual({ type: 'figma-events' });
    expect(parseTopic(topics.presence)).toEqual({ type: 'presence' });
    expect(parseTopic(topics.notifications)).toEqual({ type: 'notifications' });
  });

  it('builds the documented strings', () => {
    expect(topics.projects(orgId)).toBe(`projects:${orgId}`);
    expect(topics.tasks(projectId)).toBe(`tasks:${projectId}`);
    expect(topics.task(taskId)).toBe(`task:${taskId}`);
    expect([topics.myTasks, topics.inbox, topics.figmaEvents, topics.presence]).toEqual([
      'my-tasks',
      'inbox',
      'figma-events',
      'presence',
    ]);
  });

  it('lower-cases the ids of a topic written in upper case', () => {
    expect(parseTopic(`task:${taskId.toUpperCase()}`)).toEqual({ type: 'task', taskId });
    expect(parseTopic(`projects:${orgId.toUpperCase()}`)).toEqual({
      type: 'projects',
      organizationId: orgId,
    });
  });

  it.each([
    '',
    'everything',
    'tasks:',
    'tasks:not-a-uuid',
    `tasks:${projectId.slice(0, -1)}`,
    `tasks:${projectId}0`,
    `projects:${orgId}:x`,
    ` projects:${orgId}`,
    `projects:${orgId} `,
    `Projects:${orgId}`,
    `project:${orgId}`,
    `tasks:{${projectId}}`,
    `figma-events:${orgId}`,
    'Inbox',
    'my-tasks ',
    'presence:all',
    `task:${taskId}\n`,
  ])('refuses %j as not a topic', (topic) => {
    expect(parseTopic(topic)).toBeNull();
  });
});

describe('parseClientFrame: valid frames', () => {
  it.each([
    [{ type: 'subscribe', topic: topics.tasks(projectId) }],
    [{ type: 'unsubscribe', topic: 'inbox' }],
    [{ type: 'presence', route: `/task/${taskId}` }],
    [{ type: 'presence', route: null }],
    [{ type: 'ping' }],
    [{ type: 'ping', ref: 7 }],
    [{ type: 'ping', ref: -3 }],
  ])('%j', (frame) => {
    expect(parseClientFrame(JSON.stringify(frame))).toEqual({ ok: true, frame });
  });

  it('accepts a subscribe to an unknown topic: the hub answers it with unknown-topic', () => {
    expect(parseClientFrame('{"type":"subscribe","topic":"everything"}')).toEqual({
      ok: true,
      frame: { type: 'subscribe', topic: 'everything' },
    });
  });

  it('drops fields it does not know instead of passing them on', () => {
    const parsed = parseClientFrame('{"type":"ping","ref":1,"admin":true,"__proto__":{"polluted":1}}');
    expect(parsed).toEqual({ ok: true, frame: { type: 'ping', ref: 1 } });
  });

  it('accepts a presence route of exactly the maximum length and a topic of 100 characters', () => {
    const route = `/${'a'.repeat(PRESENCE_ROUTE_MAX - 1)}`;
    expect(parseClientFrame(JSON.stringify({ type: 'presence', route })).ok).toBe(true);
    expect(parseClientFrame(JSON.stringify({ type: 'subscribe', topic: 'x'.repeat(100) })).ok).toBe(true);
  });

  it('agrees with clientFrameSchema', () => {
    expect(clientFrameSchema.safeParse({ type: 'subscribe', topic: 'inbox' }).success).toBe(true);
    expect(clientFrameSchema.safeParse({ type: 'subscribe' }).success).toBe(false);
  });
});

describe('parseClientFrame: malformed frames', () => {
  it.each([
    ['empty text', ''],
    ['not JSON', 'subscribe inbox'],
    ['truncated JSON', '{"type":"ping"'],
    ['two objects', '{"type":"ping"}{"type":"ping"}'],
  ])('refuses %s: not one JSON object', (_label, text) => {
    expect(parseClientFrame(text)).toEqual({ ok: false, message: 'A frame must be one JSON object.' });
  });

  it.each([
    ['null', null],
    ['a number', 42],
    ['a string', 'ping'],
    ['an array', [{ type: 'ping' }]],
    ['an object without a type', { topic: 'inbox' }],
    ['an unknown type', { type: 'hello' }],
    ['a server frame', { type: 'event', topic: 'inbox' }],
    ['a type of the wrong case', { type: 'Subscribe', topic: 'inbox' }],
    ['a subscribe without topic', { type: 'subscribe' }],
    ['a subscribe with an empty topic', { type: 'subscribe', topic: '' }],
    ['a subscribe with a topic over 100 characters', { type: 'subscribe', topic: 'x'.repeat(101) }],
    ['a subscribe with a non-string topic', { type: 'subscribe', topic: ['inbox'] }],
    ['an unsubscribe without topic', { type: 'unsubscribe' }],
    ['a presence without route', { type: 'presence' }],
    ['a presence with a numeric route', { type: 'presence', route: 5 }],
    ['a presence route over the maximum', { type: 'presence', route: `/${'a'.repeat(PRESENCE_ROUTE_MAX)}` }],
    ['a ping with a fractional ref', { type: 'ping', ref: 1.5 }],
    ['a ping with a string ref', { type: 'ping', ref: '1' }],
  ])('refuses %s with a message', (_label, value) => {
    const parsed = parseClientFrame(JSON.stringify(value));
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.message).toMatch(/^Invalid frame.*\.$/);
  });

  it('names the field at fault', () => {
    const parsed = parseClientFrame(JSON.stringify({ type: 'subscribe', topic: 3 }));
    expect(parsed).toMatchObject({ ok: false, message: expect.stringContaining('(topic)') });
    const route = parseClientFrame(JSON.stringify({ type: 'presence', route: 'x'.repeat(500) }));
    expect(route).toMatchObject({ ok: false, message: expect.stringContaining('(route)') });
  });
});

describe('routeSubject', () => {
  it('finds the project of a list or board page and the task of a task page', () => {
    expect(routeSubject(`/project/${projectId}/list`)).toEqual({ type: 'project', projectId });
    expect(routeSubject(`/project/${projectId}/kanban`)).toEqual({ type: 'project', projectId });
    expect(routeSubject(`/task/${taskId}`)).toEqual({ type: 'task', taskId });
    expect(routeSubject(`/task/${taskId.toUpperCase()}`)).toEqual({ type: 'task', taskId });
  });

  it.each([
    '',
    '/',
    '/projects',
    '/inbox',
    `/project/${projectId}`,
    `/project/${projectId}/settings`,
    `/project/${projectId}/list/`,
    `/project/not-a-uuid/list`,
    `/task/${taskId}/`,
    `/task/${taskId}?tab=comments`,
    `task/${taskId}`,
    `https://evil.example/task/${taskId}`,
    `/task/${taskId}/../../admin`,
  ])('shares nothing for %j', (route) => {
    expect(routeSubject(route)).toBeNull();
  });
});
