// @database pglite
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { UploadResult } from '@figgle/shared/upload-schemas';
import type { TestServer } from '@figgle/test-support/test-server';
import type { TestUser } from '@figgle/test-support/users';
import { describe, expect, it } from 'vitest';
import { type TaskWorld, taskWorldPerFile } from '../tasks/task-content-world.ts';

const MAX = 4096;
let server: TestServer;
let world: TaskWorld;

taskWorldPerFile((started) => ({ server, world } = started), { env: { UPLOAD_MAX_BYTES: String(MAX) } });

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000d49484452000000010000000108060000001f15c489', 'hex'),
]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');

function upload(
  user: TestUser | null,
  file: { data: Buffer | string; name: string; type?: string } | null,
  fields: Record<string, string> = {},
) {
  const form = new FormData();
  for (const [key, value] of Object.entries({ folder: `tasks/${world.taskId}`, ...fields }))
    form.set(key, value);
  if (file)
    form.set('file', new Blob([file.data], { type: file.type ?? 'application/octet-stream' }), file.name);
  return fetch(`${server.url}/api/uploads`, {
    method: 'POST',
    headers: { origin: server.url, ...(user ? { cookie: user.cookie } : {}) },
    body: form,
  });
}

const uploadsRoot = () => path.join(server.env.DATA_DIR, 'uploads');
function storedFiles(): string[] {
  const root = uploadsRoot();
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}
async function uploadRows() {
  return server.deps.db.selectFrom('upload').selectAll().execute();
}

describe('POST /api/uploads', () => {
  it('stores an image under {folder}/{random id}-{cleaned name} and serves it inline', async () => {
    const response = await upload(
      world.ada,
      { data: PNG, name: 'My photo (1).final.PNG', type: 'image/png' },
      { kind: 'image' },
    );
    expect(response.status).toBe(201);
    const result = (await response.json()) as UploadResult;
    expect(result.path).toMatch(new RegExp(`^tasks/${world.taskId}/[0-9a-f-]{36}-Myphoto1\\.PNG$`));
    expect(result).toMatchObject({
      fullPath: `figgle/${result.path}`,
      url: `/api/uploads/${result.path}`,
      name: 'Myphoto1.PNG',
      content_type: 'image/png',
      size: PNG.length,
    });
    expect(readFileSync(path.join(uploadsRoot(), result.path))).toEqual(PNG);

    const served = await fetch(`${server.url}${result.url}`, { headers: { cookie: world.ada.cookie } });
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('content-disposition')).toBe('inline; filename="Myphoto1.PNG"');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('cache-control')).toBe('private, max-age=3600');
    expect(served.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(served.headers.get('content-security-policy')).toContain('sandbox');
  });

  it('decides the type from the bytes: a PDF sent as an image is a PDF, served as an attachment', async () => {
    const response = await upload(world.ada, { data: PDF, name: 'spec.pdf', type: 'image/png' });
    expect(response.status).toBe(201);
    const result = (await response.json()) as UploadResult;
    expect(result.content_type).toBe('application/pdf');
    const served = await fetch(`${server.url}${result.url}`, { headers: { cookie: world.ada.cookie } });
    expect(served.headers.get('content-type')).toBe('application/pdf');
    expect(served.headers.get('content-disposition')).toBe('attachment; filename="spec.pdf"');
  });

  it.each([
    ['HTML', '<html><script>alert(1)</script></html>', 'page.html', 'text/html'],
    [
      'SVG',
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      'x.svg',
      'image/svg+xml',
    ],
  ])(
    'serves %s as inert text to download, whatever the browser claimed',
    async (_label, data, name, type) => {
      const result = (await (await upload(world.ada, { data, name, type })).json()) as UploadResult;
      expect(result.content_type).toBe('text/plain; charset=utf-8');
      const served = await fetch(`${server.url}${result.url}`, { headers: { cookie: world.ada.cookie } });
      expect(served.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      expect(served.headers.get('content-disposition')).toMatch(/^attachment;/);
      expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    },
  );

  it('keeps unknown binary data opaque', async () => {
    const result = (await (
      await upload(world.ada, { data: Buffer.from([0, 1, 2, 3, 255]), name: 'blob.bin' })
    ).json()) as UploadResult;
    expect(result.content_type).toBe('application/octet-stream');
  });

  describe('bad input: a clear 4xx and nothing stored', () => {
    const cases: Array<[string, () => Promise<Response>, number, RegExp]> = [
      [
        'a file past the size limit',
        () => upload(world.ada, { data: Buffer.alloc(MAX + 1, 'a'), name: 'big.txt' }),
        413,
        /too large: the limit is 4 KB/,
      ],
      [
        'a body far past the size limit',
        () => upload(world.ada, { data: Buffer.alloc(MAX * 40, 'a'), name: 'huge.txt' }),
        413,
        /too large/,
      ],
      [
        '"../" in the file name',
        () => upload(world.ada, { data: PDF, name: '../../etc/passwd' }),
        400,
        /plain name/,
      ],
      [
        'a backslash path in the file name',
        () => upload(world.ada, { data: PDF, name: '..\\x.pdf' }),
        400,
        /plain name/,
      ],
      [
        '"../" in the folder',
        () => upload(world.ada, { data: PDF, name: 'a.pdf' }, { folder: '../secrets' }),
        400,
        /folder/,
      ],
      [
        'an absolute folder',
        () => upload(world.ada, { data: PDF, name: 'a.pdf' }, { folder: '/etc' }),
        400,
        /folder/,
      ],
      [
        'a folder that names nothing',
        () => upload(world.ada, { data: PDF, name: 'a.pdf' }, { folder: 'misc/stuff' }),
        400,
        /tasks\/\{taskId\}/,
      ],
      ['no file', () => upload(world.ada, null), 400, /Choose a file/],
      ['an empty file', () => upload(world.ada, { data: '', name: 'empty.txt' }), 400, /empty/],
      [
        'a PDF through the image input',
        () => upload(world.ada, { data: PDF, name: 'x.png', type: 'image/png' }, { kind: 'image' }),
        415,
        /PNG or JPEG/,
      ],
      [
        'an unknown kind',
        () => upload(world.ada, { data: PNG, name: 'x.png' }, { kind: 'script' }),
        400,
        /kind/,
      ],
      [
        'someone outside the organization',
        () => upload(world.otto, { data: PNG, name: 'x.png' }),
        404,
        /not found/,
      ],
      ['no session', () => upload(null, { data: PNG, name: 'x.png' }), 401, /sign in/],
    ];
    it.each(cases)('%s', async (_label, send, status, message) => {
      const [filesBefore, rowsBefore] = [storedFiles(), await uploadRows()];
      const response = await send();
      expect(response.status).toBe(status);
      const body = (await response.json()) as { message: string };
      expect(body.message).toMatch(message);
      expect(storedFiles()).toEqual(filesBefore);
      expect(await uploadRows()).toHaveLength(rowsBefore.length);
    });

    it('a JSON body instead of a form', async () => {
      const response = await world.ada.api('/api/uploads', { body: { folder: `tasks/${world.taskId}` } });
      expect(response.status).toBe(415);
    });
  });
});

describe('GET /api/uploads/*', () => {
  it('serves a file only to people who may read its task', async () => {
    const result = (await (
      await upload(world.ada, { data: PNG, name: 'private.png' })
    ).json()) as UploadResult;
    expect(
      (await fetch(`${server.url}${result.url}`, { headers: { cookie: world.otto.cookie } })).status,
    ).toBe(404);
    expect((await fetch(`${server.url}${result.url}`)).status).toBe(401);
  });

  it('answers 404 for unknown and climbing paths', async () => {
    const headers = { cookie: world.ada.cookie };
    expect(
      (await fetch(`${server.url}/api/uploads/tasks/${world.taskId}/nope.png`, { headers })).status,
    ).toBe(404);
    expect((await fetch(`${server.url}/api/uploads/..%2f..%2fsecret`, { headers })).status).toBe(404);
  });
});
