// @database pglite
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectRefusedAndNothingChanged,
  type HostileCase,
  type HostileWorld,
  snapshotDatabase,
  startHostileWorld,
} from '../support/hostile-world.ts';

/**
 * Requests that reach for what is not the sender's: another organization's ids, a forged Origin,
 * paths and file names that climb folders, bodies past the size limits, malformed ids and queries.
 */

const UPLOAD_MAX_BYTES = 64 * 1024;
const BODY_MAX_BYTES = 1024 * 1024;

type Lazy = (w: HostileWorld) => HostileCase;

/** Routes that act on one thing of an organization: each is sent with the other tenant's id. */
const CROSS_TENANT: Array<[string, string, (id: HostileWorld['elsewhere']) => string, unknown?]> = [
  ['read', 'GET', (e) => `/api/organizations/${e.org}`],
  ['rename', 'PATCH', (e) => `/api/organizations/${e.org}`, { name: 'Taken over' }],
  ['list the members of', 'GET', (e) => `/api/organizations/${e.org}/members`],
  [
    'invite into',
    'POST',
    (e) => `/api/organizations/${e.org}/invitations`,
    { firstname: 'A', lastname: 'B', email: 'spy@example.test' },
  ],
  [
    'set the Figma team of',
    'PUT',
    (e) => `/api/organizations/${e.org}/figma-team`,
    { figma_team_id: '123456' },
  ],
  [
    'set reply-on-done of',
    'PUT',
    (e) => `/api/organizations/${e.org}/figma-reply-on-done`,
    { enabled: true },
  ],
  ['read a project of', 'GET', (e) => `/api/projects/${e.project}`],
  ['edit a project of', 'PATCH', (e) => `/api/projects/${e.project}`, { name: 'Mine now' }],
  ['delete a project of', 'DELETE', (e) => `/api/projects/${e.project}`],
  ['bookmark a project of', 'PUT', (e) => `/api/projects/${e.project}/bookmark`],
  ['list the tasks of', 'GET', (e) => `/api/projects/${e.project}/tasks`],
  ['add a task to', 'POST', (e) => `/api/projects/${e.project}/tasks`, { title: 'Planted' }],
  ['read a task of', 'GET', (e) => `/api/tasks/${e.task}`],
  ['edit a task of', 'PATCH', (e) => `/api/tasks/${e.task}`, { title: 'Defaced' }],
  ['delete a task of', 'DELETE', (e) => `/api/tasks/${e.task}`],
  [
    'rewrite a task of',
    'PATCH',
    (e) => `/api/tasks/${e.task}/content`,
    { content_json: { ops: [{ insert: 'x\n' }] } },
  ],
  [
    'comment on a task of',
    'POST',
    (e) => `/api/tasks/${e.task}/comments`,
    { content_json: { ops: [{ insert: 'x\n' }] } },
  ],
  ['read the comments of', 'GET', (e) => `/api/tasks/${e.task}/comments`],
  ['read the timeline of', 'GET', (e) => `/api/tasks/${e.task}/timeline`],
  ['read the Figma image of', 'GET', (e) => `/api/tasks/${e.task}/figma-image`],
];

/** Ids of the attacked organization smuggled into the attacker's own requests. */
const SMUGGLED: Array<[string, Lazy]> = [
  [
    'a project in an organization one is not in',
    (w) => ({
      name: '',
      method: 'POST',
      path: '/api/projects',
      json: { name: 'P', trigram: 'PPP', organization_id: w.org },
      as: 'outsider',
      status: 404,
    }),
  ],
  [
    'a board move of a task one cannot see',
    (w) => ({
      name: '',
      method: 'POST',
      path: '/api/kanban-update',
      json: { taskId: w.task, status: 'DONE', index: 0 },
      as: 'outsider',
      status: 404,
    }),
  ],
  [
    'a task assigned to someone outside the organization',
    (w) => ({
      name: '',
      method: 'PATCH',
      path: `/api/tasks/${w.task}`,
      json: { assignee_id: w.users.outsider.userId },
    }),
  ],
  [
    'a design link to a project of another organization',
    (w) => ({
      name: '',
      method: 'POST',
      path: '/api/design-links',
      json: { figma_file_id: 'AbCdEfGhIjKlMnOpQrStUv', project_id: w.elsewhere.project },
    }),
  ],
  [
    'removing a member of another organization',
    (w) => ({
      name: '',
      method: 'DELETE',
      path: `/api/organizations/${w.org}/members/${w.memberRule}`,
      as: 'outsider',
      status: 404,
    }),
  ],
  [
    'removing a member through another organization',
    (w) => ({
      name: '',
      method: 'DELETE',
      path: `/api/organizations/${w.elsewhere.org}/members/${w.memberRule}`,
      status: 404,
    }),
  ],
  [
    'a member renaming the organization',
    (w) => ({
      name: '',
      method: 'PATCH',
      path: `/api/organizations/${w.org}`,
      json: { name: 'Coup' },
      as: 'member',
      status: 403,
    }),
  ],
  [
    'a member inviting',
    (w) => ({
      name: '',
      method: 'POST',
      path: `/api/organizations/${w.org}/invitations`,
      json: { firstname: 'A', lastname: 'B', email: 'friend@example.test' },
      as: 'member',
      status: 403,
    }),
  ],
  [
    'a file of another organization',
    (w) => ({ name: '', method: 'GET', path: `/api/uploads/${w.uploadPath}`, as: 'outsider', status: 404 }),
  ],
];

/** State-changing requests, each sent with every forged Origin below. */
const STATE_CHANGES: Array<[string, (w: HostileWorld) => string, unknown?]> = [
  ['PATCH', () => '/api/me', { firstname: 'Forged' }],
  ['POST', () => '/api/organizations', { name: 'Forged' }],
  ['PATCH', (w) => `/api/tasks/${w.task}`, { title: 'Forged' }],
  ['DELETE', (w) => `/api/projects/${w.project}`],
  ['POST', () => '/api/me/password', { newPassword: 'forged-password' }],
  ['PUT', () => '/api/me/figma-token', { token: 'figd_forged' }],
  ['POST', () => '/api/auth/sign-out', {}],
];
const FORGED_ORIGINS: Array<[string, Record<string, string>]> = [
  ['another site', { origin: 'https://evil.example' }],
  ['a look-alike host', { origin: 'http://127.0.0.1.evil.example' }],
  ['the null origin of a sandboxed frame', { origin: 'null' }],
  ['no Origin but a cross-site fetch', { origin: '', 'sec-fetch-site': 'cross-site' }],
];

/** Addresses that try to climb out of the uploads or smuggle bytes into a path. */
const HOSTILE_PATHS: Array<[string, string, number]> = [
  ['an encoded ../ out of the uploads', '/api/uploads/%2e%2e/%2e%2e/%2e%2e/etc/passwd', 404],
  ['an encoded slash and ..', '/api/uploads/tasks%2f..%2f..%2fsecret', 404],
  ['a NUL byte in a file path', '/api/uploads/tasks/%00', 400],
  ['a backslash climb', '/api/uploads/..%5c..%5cwindows%5cwin.ini', 404],
  ['an overlong file path', `/api/uploads/${'a/'.repeat(400)}x`, 400],
  ['a task id that climbs', '/api/tasks/..%2f..%2fme', 400],
  ['SQL in a task id', "/api/tasks/1'%20OR%20'1'='1", 400],
  ['SQL in a project id', '/api/projects/1;DROP%20TABLE%20project', 400],
  ['a NUL byte in an organization id', '/api/organizations/%00', 400],
  ['a uuid with trailing text', '/api/tasks/00000000-0000-4000-8000-000000000000x', 400],
  ['SQL in an inbox offset', "/api/inbox?offset=0'%20OR%201=1", 400],
  ['a negative inbox offset', '/api/inbox?offset=-1', 400],
  ['a huge inbox limit', '/api/inbox?limit=1e9', 400],
  ['an inbox limit as a list', '/api/inbox?limit=1&limit=2', 400],
  ['a radar offset past the end of numbers', '/api/figma-events?offset=1e400', 400],
  ['a radar limit that is not a number', '/api/figma-events?limit=abc', 400],
];

/** Upload forms with a hostile folder or file name. */
const HOSTILE_UPLOADS: Array<[string, (w: HostileWorld) => string, string, number]> = [
  ['a file name climbing folders', (w) => `tasks/${w.task}`, '../../evil.txt', 400],
  ['a Windows path climbing folders', (w) => `tasks/${w.task}`, '..\\..\\evil.txt', 400],
  ['a file name with a folder', (w) => `tasks/${w.task}`, 'sub/evil.txt', 400],
  ['a file name with an RTL override', (w) => `tasks/${w.task}`, 'invoice\u202Etxt.exe', 400],
  ['a file name with a NUL byte', (w) => `tasks/${w.task}`, 'evil\u0000.txt', 400],
  ['a folder climbing out', () => 'tasks/../../etc', '', 400],
  ['an absolute folder', () => '/etc', '', 400],
  ['a folder of another organization', (w) => `organizations/${w.elsewhere.org}`, '', 404],
  ['a folder of a task of another organization', (w) => `tasks/${w.elsewhere.task}`, '', 404],
];

function uploadForm(folder: string, fileName: string, bytes: number): FormData {
  const form = new FormData();
  form.set('folder', folder);
  form.set('file', new Blob([new Uint8Array(bytes).fill(65)]), fileName || 'plain.txt');
  return form;
}

/** Bodies past the limits, and bodies built to be slow to read. */
const HUGE: Array<[string, Lazy]> = [
  [
    'a JSON body past BODY_MAX_BYTES',
    (w) => ({
      name: '',
      method: 'POST',
      path: `/api/tasks/${w.task}/comments`,
      raw: JSON.stringify({ content_json: { ops: [{ insert: 'x'.repeat(BODY_MAX_BYTES) }] } }),
      headers: { 'content-type': 'application/json' },
      status: 413,
    }),
  ],
  [
    'a project past BODY_MAX_BYTES',
    () => ({
      name: '',
      method: 'POST',
      path: '/api/organizations',
      raw: JSON.stringify({ name: 'n'.repeat(BODY_MAX_BYTES + 10) }),
      headers: { 'content-type': 'application/json' },
      status: 413,
    }),
  ],
  [
    'a sign-in past BODY_MAX_BYTES',
    () => ({
      name: '',
      method: 'POST',
      path: '/api/auth/sign-in/email',
      raw: JSON.stringify({ email: 'a@example.test', password: 'p'.repeat(BODY_MAX_BYTES + 10) }),
      headers: { 'content-type': 'application/json' },
      status: 413,
    }),
  ],
  [
    'an upload past UPLOAD_MAX_BYTES',
    (w) => ({
      name: '',
      method: 'POST',
      path: '/api/uploads',
      raw: uploadForm(`tasks/${w.task}`, 'big.txt', UPLOAD_MAX_BYTES + 1),
      status: 413,
    }),
  ],
  [
    'an upload far past UPLOAD_MAX_BYTES',
    (w) => ({
      name: '',
      method: 'POST',
      path: '/api/uploads',
      raw: uploadForm(`tasks/${w.task}`, 'big.txt', UPLOAD_MAX_BYTES * 4),
      status: 413,
    }),
  ],
  [
    'JSON nested 100,000 levels deep',
    (w) => ({
      name: '',
      method: 'PATCH',
      path: `/api/tasks/${w.task}`,
      raw: `{"title":${'['.repeat(100_000)}${']'.repeat(100_000)}}`,
      headers: { 'content-type': 'application/json' },
    }),
  ],
  [
    'a list of 100,000 ops',
    (w) => ({
      name: '',
      method: 'PATCH',
      path: `/api/tasks/${w.task}/content`,
      json: { content_json: { ops: Array.from({ length: 100_000 }, () => ({ insert: 'x' })) } },
    }),
  ],
  [
    'an upload of nothing',
    (w) => ({
      name: '',
      method: 'POST',
      path: '/api/uploads',
      raw: uploadForm(`tasks/${w.task}`, 'empty.txt', 0),
      status: 400,
    }),
  ],
  [
    'an upload without multipart',
    (w) => ({
      name: '',
      method: 'POST',
      path: '/api/uploads',
      json: { folder: `tasks/${w.task}` },
      status: 415,
    }),
  ],
];

/** Fields nobody may set through the API: they must not slip in beside an empty change. */
const MASS_ASSIGNMENT: Array<[string, Lazy]> = [
  [
    'a task moved to another project',
    (w) => ({
      name: '',
      method: 'PATCH',
      path: `/api/tasks/${w.task}`,
      json: { project_id: w.elsewhere.project },
    }),
  ],
  [
    'a task with a forged author',
    (w) => ({
      name: '',
      method: 'PATCH',
      path: `/api/tasks/${w.task}`,
      json: { created_by: w.users.outsider.userId, reference: 1 },
    }),
  ],
  [
    'a project moved to another organization',
    (w) => ({
      name: '',
      method: 'PATCH',
      path: `/api/projects/${w.project}`,
      json: { organization_id: w.elsewhere.org },
    }),
  ],
  [
    'a profile with a new email',
    () => ({ name: '', method: 'PATCH', path: '/api/me', json: { email: 'stolen@example.test' } }),
  ],
  [
    'a profile with a new id',
    (w) => ({ name: '', method: 'PATCH', path: '/api/me', json: { user_id: w.users.member.userId } }),
  ],
];

const CASES: Array<[string, Lazy]> = [
  ...CROSS_TENANT.flatMap(
    ([what, method, path, json]): Array<[string, Lazy]> => [
      [
        `the owner tries to ${what} another organization`,
        (w) => ({ name: what, method, path: path(w.elsewhere), json, status: 404, message: /not found/ }),
      ],
      [
        `a member tries to ${what} another organization`,
        (w) => ({
          name: what,
          method,
          path: path(w.elsewhere),
          json,
          as: 'member',
          status: 404,
          message: /not found/,
        }),
      ],
    ],
  ),
  ...SMUGGLED.map(([what, make]): [string, Lazy] => [`smuggled id: ${what}`, make]),
  ...STATE_CHANGES.flatMap(([method, path, json]) =>
    FORGED_ORIGINS.map(([origin, headers]): [string, Lazy] => [
      `${method} ${path({ task: ':task', project: ':project' } as HostileWorld)} from ${origin}`,
      (w) => ({ name: origin, method, path: path(w), json, headers, status: 403, message: /another site/ }),
    ]),
  ),
  ...HOSTILE_PATHS.map(([what, path, status]): [string, Lazy] => [
    `address: ${what}`,
    () => ({ name: what, method: 'GET', path, status }),
  ]),
  ...HOSTILE_UPLOADS.map(([what, folder, fileName, status]): [string, Lazy] => [
    `upload: ${what}`,
    (w) => ({
      name: what,
      method: 'POST',
      path: '/api/uploads',
      raw: uploadForm(folder(w), fileName, 10),
      status,
    }),
  ]),
  ...HUGE.map(([what, make]): [string, Lazy] => [`size: ${what}`, make]),
  ...MASS_ASSIGNMENT.map(([what, make]): [string, Lazy] => [`extra fields: ${what}`, make]),
];

let world: HostileWorld;
beforeAll(async () => {
  world = await startHostileWorld({
    UPLOAD_MAX_BYTES: String(UPLOAD_MAX_BYTES),
    BODY_MAX_BYTES: String(BODY_MAX_BYTES),
  });
});
afterAll(async () => {
  await world?.close();
});

describe('requests for what is not the sender’s', () => {
  it('the snapshot taken around each case sees the change a legitimate request makes', async () => {
    const before = await snapshotDatabase(world.server);
    expect(
      (await world.users.member.api('/api/me', { method: 'PATCH', body: { firstname: 'Mira' } })).status,
    ).toBe(200);
    expect(await snapshotDatabase(world.server)).not.toEqual(before);
  });

  it.each(CASES)('%s is refused and changes nothing', async (title, make) => {
    await expectRefusedAndNothingChanged(world, { ...make(world), name: title });
  });
});
