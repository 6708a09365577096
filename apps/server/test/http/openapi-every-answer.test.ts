// @database pglite
import { REALTIME_PATH } from '@figgle/shared/realtime-protocol';
import type { MailCatcher } from '@figgle/test-support/mail-catcher';
import { listRoutesInto, startTestServer, type TestServer } from '@figgle/test-support/test-server';
import { startMailCatcher } from '@figgle/test-support/users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { presentBookmark } from '../../src/features/bookmarks/presenter.ts';
import { presentHealth } from '../../src/features/health/presenter.ts';
import { presentInboxStatus } from '../../src/features/inbox/presenter.ts';
import { inboxStatus } from '../../src/features/inbox/queries.ts';
import { presentPendingInvitation } from '../../src/features/invitations/presenter.ts';
import { pendingInvitationsOf } from '../../src/features/invitations/queries.ts';
import { presentMember } from '../../src/features/members/presenter.ts';
import { membersOf } from '../../src/features/members/queries.ts';
import { presentOrganization } from '../../src/features/organizations/presenter.ts';
import { organizationsOf } from '../../src/features/organizations/queries.ts';
import { presentProject } from '../../src/features/projects/presenter.ts';
import { projectOf, projectsOf } from '../../src/features/projects/queries.ts';
import { createOrganizationWorld, type OrganizationWorld } from '../organizations/organizations-world.ts';

/**
 * Routes left out of the OpenAPI description on purpose, each for a reason a script writer would
 * accept: anything else the server answers must be described there, answers included.
 */
const UNDOCUMENTED = new Map([
  ['GET /api/openapi.json', 'the description itself'],
  ['GET /metrics', "Prometheus text for the operator's scraper, which must not advertise itself"],
  ['GET /api/auth/*', "better-auth's own endpoints, relayed; /api/auth-providers says which are on"],
  ['POST /api/auth/*', "better-auth's own endpoints, relayed"],
  [`GET ${REALTIME_PATH}`, 'a websocket: its frames are the realtime protocol of @figgle/shared'],
  ['GET /dev/mailbox', 'an HTML page for this machine only, outside production'],
  ['GET /api/docs', 'the browsable documentation of this description (@fastify/swagger-ui)'],
  ['HEAD /api/docs/', "the same page, as Fastify answers a plugin's root with a slash"],
  ['GET /api/docs/json', 'this description again, for the documentation page'],
  ['GET /api/docs/yaml', 'this description again, in YAML'],
  ['GET /api/docs/static/index.html', 'a redirect to the documentation page'],
  ['GET /api/docs/static/swagger-initializer.js', "the documentation page's script"],
  ['GET /api/docs/static/*', "the documentation page's files"],
]);

interface Operation {
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: unknown }> }>;
}
type OpenApi = { paths: Record<string, Record<string, Operation>> };

let server: TestServer;
let mail: MailCatcher;
const routeKeys: string[] = [];
let description: OpenApi;

beforeAll(async () => {
  mail = await startMailCatcher();
  server = await startTestServer({ SMTP_URL: mail.url }, listRoutesInto(routeKeys));
  const response = await fetch(`${server.url}/api/openapi.json`);
  expect(response.status).toBe(200);
  description = (await response.json()) as OpenApi;
});
afterAll(async () => {
  await server?.close();
  await mail?.stop();
});

/** `METHOD /path` as Fastify spells it: OpenAPI writes `{id}` for `:id` and `{*}` for `*`. */
function operations(): Array<[string, Operation]> {
  return Object.entries(description.paths).flatMap(([path, byMethod]) =>
    Object.entries(byMethod).map(([method, operation]): [string, Operation] => [
      `${method.toUpperCase()} ${path.replace(/\{\*\}/g, '*').replace(/\{(\w+)\}/g, ':$1')}`,
      operation,
    ]),
  );
}

/**
 * What is missing from an operation's success answer, or null when it is fully described: a 2xx
 * status of its own (not the "Default Response" @fastify/swagger invents for a route without any),
 * a body schema for every 2xx but 204, and no body at all for a 204.
 */
function successGap(operation: Operation): string | null {
  const successes = Object.entries(operation.responses ?? {}).filter(([status]) => /^2\d\d$/.test(status));
  if (successes.length === 0) return 'no 2xx answer';
  for (const [status, answer] of successes) {
    const schemas = Object.values(answer.content ?? {}).map((media) => media.schema);
    if (status === '204') {
      if (schemas.length > 0) return '204 declared with a body';
    } else if (schemas.length === 0 || schemas.some((schema) => schema === undefined)) {
      return `${status} has no schema`;
    }
  }
  return null;
}

describe('the OpenAPI description', () => {
  it('declares a schema for the success answer of every operation', () => {
    const all = operations();
    expect(all.length).toBeGreaterThan(40);
    const gaps = all
      .map(([key, operation]) => [key, successGap(operation)] as const)
      .filter(([, gap]) => gap !== null)
      .map(([key, gap]) => `${key}: ${gap}`)
      .sort();
    expect(gaps, 'operations whose success answer the description does not show').toEqual([]);
  });

  it('tells scripts to send an API token as a bearer token, the cookie being the other way in', () => {
    const document = description as OpenApi & {
      components?: { securitySchemes?: Record<string, { type: string; scheme?: string }> };
      security?: Array<Record<string, string[]>>;
    };
    expect(document.components?.securitySchemes?.apiToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(document.security).toEqual([{ apiToken: [] }, { session: [] }]);
  });

  it('declares the one error shape for the failures of every operation', () => {
    const undeclared = operations()
      .filter(([, operation]) =>
        ['4XX', '5XX'].some(
          (status) => !operation.responses?.[status]?.content?.['application/json']?.schema,
        ),
      )
      .map(([key]) => key)
      .sort();
    expect(undeclared, 'operations whose failures the description does not show').toEqual([]);
    const shape = description.paths['/api/projects']?.get?.responses?.['4XX']?.content?.['application/json']
      ?.schema as { properties?: object } | undefined;
    expect(Object.keys(shape?.properties ?? {}).sort()).toEqual(['code', 'issues', 'message', 'statusCode']);
  });

  it('describes every route the server answers, but for the few left out on purpose', () => {
    const documented = new Set(operations().map(([key]) => key));
    const served = new Set(routeKeys);
    const undescribed = [...served]
      // Fastify adds a HEAD twin to each GET: described by the GET.
      .filter((key) => !(key.startsWith('HEAD ') && served.has(key.replace(/^HEAD /, 'GET '))))
      .filter((key) => !documented.has(key) && !UNDOCUMENTED.has(key))
      .sort();
    expect(undescribed, 'routes missing from the OpenAPI description').toEqual([]);
    const stale = [...UNDOCUMENTED.keys()].filter((key) => !served.has(key) && key !== 'GET /dev/mailbox');
    expect(stale, 'routes listed as left out that the server no longer has').toEqual([]);
  });

  it('shows each answer with the fields it carries, e.g. a project with its organization and star', () => {
    const project = description.paths['/api/projects/{projectId}']?.get?.responses?.['200'];
    const schema = project?.content?.['application/json']?.schema as { properties?: object } | undefined;
    expect(Object.keys(schema?.properties ?? {}).sort()).toEqual(
      [
        'created_at',
        'default_view',
        'description',
        'emoji',
        'estimate_scale',
        'estimated_task_count',
        'is_bookmarked',
        'name',
        'organization',
        'organization_id',
        'project_id',
        'task_count',
        'trigram',
        'updated_at',
      ].sort(),
    );
  });
});

/**
 * Fastify serializes an answer through its zod schema, which drops every key the schema does not
 * name: a schema narrower than its presenter would silently take fields from the web app. Each
 * answer below must be exactly what the presenter makes of the same rows.
 */
describe('the answers, serialized through their schemas', () => {
  let world: OrganizationWorld;
  let projectId: string;

  beforeAll(async () => {
    world = await createOrganizationWorld(server, mail);
    const created = await world.owner.api('/api/projects', {
      body: { name: 'Engines', trigram: 'eng', organization_id: world.organizationId, is_bookmarked: true },
    });
    expect(created.status).toBe(201);
    projectId = ((await created.json()) as { project_id: string }).project_id;
    const invited = await world.owner.api(`/api/organizations/${world.organizationId}/invitations`, {
      body: { firstname: 'Pat', lastname: 'Pending', email: 'pat-pending@example.test' },
    });
    expect(invited.status).toBe(201);
  });

  async function answer(path: string, init: { method?: string; body?: unknown } = {}, user = world.owner) {
    const response = await user.api(path, init);
    expect(response.status, await response.clone().text()).toBe(200);
    return response.json();
  }

  it('projects: the list, one project and the star', async () => {
    const { db } = server.deps;
    const ownerId = world.owner.userId;
    const presented = (await projectsOf(db, ownerId)).map(presentProject);
    expect(presented.length).toBe(1);
    expect(await answer('/api/projects')).toEqual(presented);
    expect(await answer(`/api/projects/${projectId}`)).toEqual(
      presentProject((await projectOf(db, ownerId, projectId))!),
    );
    expect(await answer(`/api/projects/${projectId}/bookmark`, { method: 'PUT' })).toEqual(
      presentBookmark(projectId, true),
    );
  });

  it('organizations, members and pending invitations', async () => {
    const { db } = server.deps;
    const ownerId = world.owner.userId;
    const organizations = (await organizationsOf(db, ownerId)).map((row) =>
      presentOrganization(row, ownerId),
    );
    expect(await answer('/api/organizations')).toEqual(organizations);
    const members = (await membersOf(db, world.organizationId)).map(presentMember);
    expect(members.length).toBe(2);
    expect(await answer(`/api/organizations/${world.organizationId}/members`, {}, world.member)).toEqual(
      members,
    );
    const invitations = (await pendingInvitationsOf(db, world.organizationId)).map(presentPendingInvitation);
    expect(invitations.map((invitation) => invitation.email)).toContain('pat-pending@example.test');
    expect(await answer(`/api/organizations/${world.organizationId}/invitations`)).toEqual(invitations);
  });

  it('failures keep the error shape, issues included, through the declared error schema', async () => {
    const invalid = await world.owner.api('/api/projects/not-an-id');
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toEqual({
      statusCode: 400,
      code: 'validation_failed',
      message: expect.any(String),
      issues: [{ path: 'params.projectId', message: expect.any(String) }],
    });
    const missing = await world.outsider.api(`/api/projects/${projectId}`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ statusCode: 404, code: 'not_found', message: expect.any(String) });
  });

  it('the inbox status and the health check', async () => {
    const status = await inboxStatus(server.deps.db, world.member.userId);
    expect(await answer('/api/inbox/status', {}, world.member)).toEqual(
      presentInboxStatus(status.has_new, status.inbox_seen_at),
    );
    expect(await (await fetch(`${server.url}/healthz`)).json()).toEqual(presentHealth(server.database.kind));
  });
});
