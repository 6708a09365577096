// @database pglite
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { type FieldKind, HOSTILE_VALUES } from '../support/hostile-values.ts';
import {
  expectRefusedAndNothingChanged,
  type HostileCase,
  type HostileWorld,
  startHostileWorld,
} from '../support/hostile-world.ts';

/**
 * Malformed input on every route that takes a body: each field of a valid body is replaced, one at a
 * time, by each hostile value of its kind; each required field is left out; whole bodies of the wrong
 * shape are sent. Every request must be refused with a 4xx in the error shape and change nothing.
 */

interface BodyRoute {
  method: string;
  path: (w: HostileWorld) => string;
  valid: (w: HostileWorld) => Record<string, unknown>;
  fields: Record<string, FieldKind>;
  /** Fields that may be left out. */
  optional?: string[];
}

const delta = { ops: [{ insert: 'Fine\n' }] };

const ROUTES: BodyRoute[] = [
  {
    method: 'PATCH',
    path: () => '/api/me',
    valid: () => ({ firstname: 'Olive', lastname: 'Owner', color_scheme: 'dark' }),
    fields: { firstname: 'name', lastname: 'name', color_scheme: 'enum' },
    optional: ['firstname', 'lastname', 'color_scheme'],
  },
  {
    method: 'POST',
    path: () => '/api/me/password',
    valid: () => ({ newPassword: 'a-fine-password' }),
    fields: { newPassword: 'password' },
  },
  {
    method: 'POST',
    path: () => '/api/organizations',
    valid: () => ({ name: 'Fine org' }),
    fields: { name: 'name' },
  },
  {
    method: 'PATCH',
    path: (w) => `/api/organizations/${w.org}`,
    valid: () => ({ name: 'Fine org' }),
    fields: { name: 'name' },
  },
  {
    method: 'POST',
    path: (w) => `/api/organizations/${w.org}/invitations`,
    valid: () => ({ firstname: 'New', lastname: 'Person', email: 'new-person@example.test' }),
    fields: { firstname: 'name', lastname: 'name', email: 'email' },
  },
  {
    method: 'POST',
    path: () => '/api/invitations/accept',
    valid: () => ({ token: 'a'.repeat(43), password: 'a-fine-password' }),
    fields: { token: 'token', password: 'password' },
  },
  {
    method: 'POST',
    path: () => '/api/projects',
    valid: (w) => ({ name: 'Fine', trigram: 'FIN', organization_id: w.org, description: 'Words' }),
    fields: { name: 'name', trigram: 'trigram', organization_id: 'uuid', description: 'text' },
    optional: ['description'],
  },
  {
    method: 'PATCH',
    path: (w) => `/api/projects/${w.project}`,
    valid: () => ({ name: 'Fine', trigram: 'FIN', default_view: 'BOARD', emoji: 'fox' }),
    fields: { name: 'name', trigram: 'trigram', default_view: 'enum', emoji: 'enum' },
    optional: ['name', 'trigram', 'default_view', 'emoji'],
  },
  {
    method: 'POST',
    path: (w) => `/api/projects/${w.project}/tasks`,
    valid: () => ({ title: 'Fine', status: 'TODO', assignee_id: null, description: 'Words' }),
    fields: { title: 'name', status: 'enum', assignee_id: 'uuid', description: 'text' },
    optional: ['status', 'assignee_id', 'description'],
  },
  {
    method: 'PATCH',
    path: (w) => `/api/tasks/${w.task}`,
    valid: () => ({ title: 'Fine', status: 'DOING' }),
    fields: { title: 'name', status: 'enum', assignee_id: 'uuid' },
    optional: ['title', 'status', 'assignee_id'],
  },
  {
    method: 'POST',
    path: () => '/api/kanban-update',
    valid: (w) => ({ taskId: w.task, status: 'DONE', index: 0 }),
    fields: { taskId: 'uuid', status: 'enum', index: 'index' },
  },
  {
    method: 'PATCH',
    path: (w) => `/api/tasks/${w.task}/content`,
    valid: () => ({ content_json: delta }),
    fields: { content_json: 'delta' },
  },
  {
    method: 'POST',
    path: (w) => `/api/tasks/${w.task}/comments`,
    valid: () => ({ content_json: delta }),
    fields: { content_json: 'delta' },
  },
  {
    method: 'POST',
    path: (w) => `/api/tasks/${w.task}/checklist`,
    valid: () => ({ text: 'Fine' }),
    fields: { text: 'name' },
  },
  {
    method: 'PUT',
    path: () => '/api/me/figma-token',
    valid: () => ({ token: 'figd_fine' }),
    fields: { token: 'token' },
  },
  {
    method: 'PUT',
    path: (w) => `/api/organizations/${w.org}/figma-reply-on-done`,
    valid: () => ({ enabled: true }),
    fields: { enabled: 'boolean' },
  },
  {
    method: 'POST',
    path: () => '/api/design-links',
    valid: (w) => ({ figma_file_id: 'AbCdEfGhIjKlMnOpQrStUv', project_id: w.project }),
    fields: { figma_file_id: 'figmaKey', project_id: 'uuid' },
  },
  {
    method: 'POST',
    path: () => `/api/figma-events/${randomUUID()}/task`,
    valid: (w) => ({ project_id: w.project }),
    fields: { project_id: 'uuid' },
  },
  {
    method: 'POST',
    path: () => '/api/auth/sign-up/email',
    valid: () => ({
      email: 'fresh@example.test',
      password: 'a-fine-password',
      firstname: 'F',
      lastname: 'L',
    }),
    fields: { email: 'email', password: 'password', firstname: 'name', lastname: 'name' },
  },
  {
    method: 'POST',
    path: () => '/api/auth/sign-in/email',
    valid: (w) => ({ email: w.users.owner.email, password: w.users.owner.password }),
    fields: { email: 'email', password: 'password' },
  },
  {
    method: 'POST',
    path: () => '/api/auth/sign-in/magic-link',
    valid: (w) => ({ email: w.users.owner.email }),
    fields: { email: 'email' },
  },
  {
    method: 'POST',
    path: () => '/api/auth/request-password-reset',
    valid: (w) => ({ email: w.users.owner.email }),
    fields: { email: 'email' },
  },
  {
    method: 'POST',
    path: () => '/api/auth/reset-password',
    valid: () => ({ token: 'some-token', newPassword: 'a-fine-password' }),
    fields: { token: 'token', newPassword: 'password' },
  },
  {
    method: 'POST',
    path: () => '/api/auth/two-factor/verify-totp',
    valid: () => ({ code: '123456' }),
    fields: { code: 'code' },
  },
];

/** A case made lazily: paths and bodies need the world's ids, which exist only after beforeAll. */
type LazyCase = { name: string; make: (w: HostileWorld) => HostileCase };

function fieldCases(route: BodyRoute): LazyCase[] {
  const cases: LazyCase[] = [];
  for (const [field, kind] of Object.entries(route.fields)) {
    for (const [valueLabel, value] of HOSTILE_VALUES[kind]) {
      cases.push({
        name: `${field} as ${valueLabel}`,
        make: (w) => {
          const path = route.path(w);
          return {
            name: `${field} as ${valueLabel}`,
            method: route.method,
            path,
            json: { ...route.valid(w), [field]: value },
          };
        },
      });
    }
    if (!route.optional?.includes(field)) {
      cases.push({
        name: `without ${field}`,
        make: (w) => {
          const { [field]: _left, ...rest } = route.valid(w);
          return { name: `without ${field}`, method: route.method, path: route.path(w), json: rest };
        },
      });
    }
  }
  return cases;
}

/** Whole bodies of the wrong shape, for every route. */
const BAD_BODIES: Array<{ name: string; raw?: string; json?: unknown; type?: string; status?: number }> = [
  { name: 'a JSON array', json: [] },
  { name: 'a JSON string', json: 'hello' },
  { name: 'broken JSON', raw: '{"name": ', type: 'application/json' },
  { name: 'a prototype-polluting key', raw: '{"__proto__": {"isAdmin": true}}', type: 'application/json' },
  { name: 'text/plain', raw: 'name=x', type: 'text/plain' },
];

function shapeCases(route: BodyRoute): LazyCase[] {
  return BAD_BODIES.map((bad) => ({
    name: bad.name,
    make: (w) => ({
      name: bad.name,
      method: route.method,
      path: route.path(w),
      json: bad.json,
      raw: bad.raw,
      headers: bad.type ? { 'content-type': bad.type } : undefined,
      status: bad.status,
    }),
  }));
}

/** Route paths with placeholders instead of ids, for the tests' titles. */
const PLACEHOLDERS = { org: ':org', project: ':project', task: ':task' } as HostileWorld;

const CASES = ROUTES.flatMap((route) => {
  const where = `${route.method} ${route.path(PLACEHOLDERS).replace(/[0-9a-f-]{36}/, ':event')}`;
  return [...fieldCases(route), ...shapeCases(route)].map((lazy) => ({
    ...lazy,
    title: `${where}: ${lazy.name}`,
  }));
});

let world: HostileWorld;
beforeAll(async () => {
  world = await startHostileWorld();
});
afterAll(async () => {
  await world?.close();
});

describe('hostile input on every route with a body', () => {
  it.each(CASES.map((c) => [c.title, c] as const))('%s is refused and changes nothing', async (_title, c) => {
    await expectRefusedAndNothingChanged(world, c.make(world));
  });
});
