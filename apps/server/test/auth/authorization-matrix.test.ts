// @database pglite
import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { REALTIME_PATH, topics } from '@figgle/shared/realtime-protocol';
import type { MailCatcher } from '@figgle/test-support/mail-catcher';
import { listRoutesInto, startTestServer, type TestServer } from '@figgle/test-support/test-server';
import { startMailCatcher, type TestUser } from '@figgle/test-support/users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newToken } from '../../src/auth/api-token-secret.ts';
import { newFeedToken } from '../../src/features/calendar-feeds/feed-secret.ts';
import { hashInvitationToken } from '../../src/features/invitations/token.ts';
import { unsubscribeToken } from '../../src/features/notification-emails/unsubscribe-link.ts';
import { createOrganizationWorld } from '../organizations/organizations-world.ts';
import { TestSocket } from '../realtime/realtime-socket.ts';

/**
 * Who may call what (docs/product.md#who-sees-what): every route of the server's own route table is
 * called as anonymous, as a signed-in non-member, as a MEMBER and as an OWNER of one organization,
 * and each answer is checked against the table below. A route without an entry fails the suite:
 * adding a route means adding its line here.
 */

type Who = 'anonymous' | 'outsider' | 'member' | 'owner';
const CALLERS: Who[] = ['anonymous', 'outsider', 'member', 'owner'];

/** 'ok' is any 2xx; a number is that exact status; an object also checks the message. */
type Outcome = 'ok' | number | { status: number; message: string };

interface Call {
  path: string;
  body?: unknown;
  form?: FormData;
  /** A file sent as the raw body (application/octet-stream), as Import takes it. */
  file?: string;
}

interface Entry {
  expect: Record<Who, Outcome>;
  /** Builds the request for one caller (it may first make fresh rows, e.g. something to delete). */
  request: (world: World, who: Who) => Call | Promise<Call>;
  /** For a route that is not plain HTTP (the websocket): performs the call and reports a status. */
  perform?: (world: World, who: Who) => Promise<{ status: number; text: string }>;
  /** Secrets a caller outside the organization may see here (an invitation shows whom it is from). */
  mayShow?: Array<keyof World['secrets']>;
}

// Routes no session guards by design: health, sign-in itself, the dev mailbox, the API description,
// the web app's files and Figma's webhook (authenticated by its passcode).
/** Served only in some setups: the mailbox without SMTP, the web app's files when built. */
const CONDITIONAL_ROUTES = new Set(['GET /dev/mailbox', 'GET /*']);
const PUBLIC_ROUTES = new Set([
  'GET /healthz',
  'GET /readyz',
  'GET /api/auth/*',
  'POST /api/auth/*',
  'GET /api/auth-providers',
  'GET /dev/mailbox',
  'GET /api/openapi.json',
  // The browsable API documentation (@fastify/swagger-ui): the same description, and its page.
  'GET /api/docs',
  'HEAD /api/docs/',
  'GET /api/docs/json',
  'GET /api/docs/yaml',
  'GET /api/docs/static/index.html',
  'GET /api/docs/static/swagger-initializer.js',
  'GET /api/docs/static/*',
  'GET /*',
  'POST /api/figma/webhook',
  // A CORS preflight carries no credentials; the call it announces is checked as any other.
  'OPTIONS /api/*',
]);

// The shapes of the table's lines.
const inOrganization = (request: Entry['request']): Entry => ({
  request,
  expect: { anonymous: 401, outsider: 404, member: 'ok', owner: 'ok' },
});
const ownerOnly = (request: Entry['request']): Entry => ({
  request,
  expect: { anonymous: 401, outsider: 404, member: 403, owner: 'ok' },
});
/** Anyone signed in, about themselves or filtered to their own organizations (leaks are checked). */
const signedIn = (request: Entry['request']): Entry => ({
  request,
  expect: { anonymous: 401, outsider: 'ok', member: 'ok', owner: 'ok' },
});
/** Anyone, signed in or not: the token in the body is the credential. */
const byToken = (request: Entry['request']): Entry => ({
  request,
  expect: { anonymous: 'ok', outsider: 'ok', member: 'ok', owner: 'ok' },
  mayShow: ['organization'],
});

const delta = (text: string) => ({ ops: [{ insert: `${text}\n` }] });
/** The owner's signed link, as an email carries it. */
const unsubscribePath = (w: World) =>
  `/api/notifications/unsubscribe?token=${encodeURIComponent(unsubscribeToken(server.env.SECRET, w.users.owner.userId, new Date()))}`;

const IMPORT_CSV = 'Title\nAn imported task\n';
/** A run read and waiting for its mapping, made by the owner. */
async function newImport(w: World): Promise<string> {
  const response = await fetch(`${server.url}/api/projects/${w.project}/imports?file_name=tasks.csv`, {
    method: 'POST',
    headers: { origin: server.url, cookie: w.users.owner.cookie, 'content-type': 'application/octet-stream' },
    body: IMPORT_CSV,
  });
  if (response.status !== 201) throw new Error(`world setup: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { import_id: string }).import_id;
}

const expectations: Record<string, Entry> = {
  // Accounts
  'GET /api/me': signedIn(() => ({ path: '/api/me' })),
  'PATCH /api/me': signedIn(() => ({ path: '/api/me', body: { firstname: 'Renamed' } })),
  'GET /api/me/password': signedIn(() => ({ path: '/api/me/password' })),
  'POST /api/me/password': signedIn((w, who) => ({
    path: '/api/me/password',
    body: { currentPassword: who === 'anonymous' ? 'none' : w.users[who].password, newPassword: 'matrix-pw' },
  })),

  // API tokens: each person's own, managed from a browser session (a token is a 403 there)
  'GET /api/me/api-tokens': signedIn(() => ({ path: '/api/me/api-tokens' })),
  'POST /api/me/api-tokens': signedIn(() => ({
    path: '/api/me/api-tokens',
    body: { name: 'Matrix script', scope: 'read' },
  })),
  'DELETE /api/me/api-tokens/:apiTokenId': signedIn(async (w, who) => ({
    path: `/api/me/api-tokens/${await newApiToken(who === 'anonymous' ? w.users.owner.userId : w.users[who].userId)}`,
  })),

  // Calendar feeds: each person's own; the feed's address is its only credential
  'GET /api/me/calendar-feeds': signedIn(() => ({ path: '/api/me/calendar-feeds' })),
  'POST /api/me/calendar-feeds': signedIn(() => ({ path: '/api/me/calendar-feeds', body: {} })),
  'DELETE /api/me/calendar-feeds/:calendarFeedId': signedIn(async (w, who) => ({
    path: `/api/me/calendar-feeds/${(await newCalendarFeed(who === 'anonymous' ? w.users.owner.userId : w.users[who].userId)).calendarFeedId}`,
  })),
  'GET /api/calendar-feeds/:feedToken/tasks.ics': byToken(async (w) => ({
    path: `/api/calendar-feeds/${(await newCalendarFeed(w.users.owner.userId)).token}/tasks.ics`,
  })),

  // Organizations, members, invitations
  'GET /api/organizations': signedIn(() => ({ path: '/api/organizations' })),
  'POST /api/organizations': signedIn(() => ({ path: '/api/organizations', body: { name: 'Their own' } })),
  'GET /api/organizations/:organizationId': inOrganization((w) => ({ path: `/api/organizations/${w.org}` })),
  'PATCH /api/organizations/:organizationId': ownerOnly((w) => ({
    path: `/api/organizations/${w.org}`,
    body: { name: w.secrets.organization },
  })),
  'GET /api/organizations/:organizationId/members': inOrganization((w) => ({
    path: `/api/organizations/${w.org}/members`,
  })),
  'DELETE /api/organizations/:organizationId/members/:ruleId': ownerOnly(async (w) => ({
    path: `/api/organizations/${w.org}/members/${await w.fresh.memberRule()}`,
  })),
  // A fresh member made an owner (stepping down and the last owner: member-roles.test.ts).
  'PATCH /api/organizations/:organizationId/members/:ruleId': ownerOnly(async (w) => ({
    path: `/api/organizations/${w.org}/members/${await w.fresh.memberRule()}`,
    body: { role: 'OWNER' },
  })),
  'POST /api/organizations/:organizationId/invitations': ownerOnly((w) => ({
    path: `/api/organizations/${w.org}/invitations`,
    body: { firstname: 'New', lastname: 'Person', email: `matrix-${randomUUID()}@example.test` },
  })),
  'GET /api/organizations/:organizationId/invitations': ownerOnly((w) => ({
    path: `/api/organizations/${w.org}/invitations`,
  })),
  'DELETE /api/organizations/:organizationId/invitations/:invitationId': ownerOnly(async (w) => ({
    path: `/api/organizations/${w.org}/invitations/${(await w.fresh.invitation()).invitationId}`,
  })),
  'POST /api/invitations/lookup': byToken(async (w) => ({
    path: '/api/invitations/lookup',
    body: { token: await w.fresh.invitationToken() },
  })),
  'POST /api/invitations/accept': byToken(async (w) => ({
    path: '/api/invitations/accept',
    body: { token: await w.fresh.invitationToken(), password: 'joined-pw' },
  })),

  // Projects and favorites
  'GET /api/projects': signedIn(() => ({ path: '/api/projects' })),
  'POST /api/projects': inOrganization((w) => ({
    path: '/api/projects',
    body: { name: 'Made here', trigram: 'MDH', organization_id: w.org },
  })),
  'GET /api/projects/:projectId': inOrganization((w) => ({ path: `/api/projects/${w.project}` })),
  'PATCH /api/projects/:projectId': inOrganization((w) => ({
    path: `/api/projects/${w.project}`,
    body: { description: 'Edited' },
  })),
  'GET /api/projects/:projectId/figma-ready-rule': inOrganization((w) => ({
    path: `/api/projects/${w.project}/figma-ready-rule`,
  })),
  'PUT /api/projects/:projectId/figma-ready-rule': inOrganization((w) => ({
    path: `/api/projects/${w.project}/figma-ready-rule`,
    body: { ready_status: null },
  })),
  'DELETE /api/projects/:projectId': inOrganization(async (w) => ({
    path: `/api/projects/${await w.fresh.project()}`,
  })),
  'PUT /api/projects/:projectId/bookmark': inOrganization((w) => ({
    path: `/api/projects/${w.project}/bookmark`,
  })),
  'DELETE /api/projects/:projectId/bookmark': inOrganization((w) => ({
    path: `/api/projects/${w.project}/bookmark`,
  })),
  'GET /api/projects/:projectId/milestones': inOrganization((w) => ({
    path: `/api/projects/${w.project}/milestones`,
  })),
  'POST /api/projects/:projectId/milestones': inOrganization((w) => ({
    path: `/api/projects/${w.project}/milestones`,
    body: { name: 'Beta', target_date: '2027-01-01' },
  })),
  'PATCH /api/milestones/:milestoneId': inOrganization(async (w) => ({
    path: `/api/milestones/${await newMilestone(w.project)}`,
    body: { name: 'Renamed' },
  })),
  'DELETE /api/milestones/:milestoneId': inOrganization(async (w) => ({
    path: `/api/milestones/${await newMilestone(w.project)}`,
  })),
  'PUT /api/tasks/:taskId/milestone': inOrganization(async (w) => ({
    path: `/api/tasks/${w.task}/milestone`,
    body: { milestone_id: await newMilestone(w.project) },
  })),
  'GET /api/milestones/at-risk': signedIn(() => ({ path: '/api/milestones/at-risk' })),
  'GET /api/projects/:projectId/task-templates': inOrganization((w) => ({
    path: `/api/projects/${w.project}/task-templates`,
  })),
  'POST /api/tasks/:taskId/template': inOrganization((w) => ({
    path: `/api/tasks/${w.task}/template`,
    body: { name: `Template ${randomUUID().slice(0, 8)}` },
  })),
  'DELETE /api/task-templates/:templateId': inOrganization(async (w) => ({
    path: `/api/task-templates/${await newTaskTemplate(w.project)}`,
  })),
  'POST /api/projects/:projectId/copy': inOrganization((w) => ({
    path: `/api/projects/${w.project}/copy`,
    body: { name: 'Copy', trigram: 'CPY' },
  })),
  'POST /api/projects/:projectId/tasks/from-template': inOrganization((w) => ({
    path: `/api/projects/${w.project}/tasks/from-template`,
    body: { template_id: '0f1661e0-0000-4000-8000-000000000002' },
  })),
  'GET /api/organizations/:organizationId/custom-fields': inOrganization((w) => ({
    path: `/api/organizations/${w.org}/custom-fields`,
  })),
  'POST /api/organizations/:organizationId/custom-fields': inOrganization((w) => ({
    path: `/api/organizations/${w.org}/custom-fields`,
    body: { name: `Field ${randomUUID().slice(0, 8)}`, kind: 'text' },
  })),
  'PATCH /api/custom-fields/:fieldId': inOrganization(async (w) => ({
    path: `/api/custom-fields/${await newCustomField(w.org)}`,
    body: { name: `Renamed ${randomUUID().slice(0, 8)}` },
  })),
  'DELETE /api/custom-fields/:fieldId': inOrganization(async (w) => ({
    path: `/api/custom-fields/${await newCustomField(w.org)}`,
  })),
  'GET /api/projects/:projectId/custom-fields': inOrganization((w) => ({
    path: `/api/projects/${w.project}/custom-fields`,
  })),
  'PUT /api/projects/:projectId/custom-fields/:fieldId': inOrganization(async (w) => ({
    path: `/api/projects/${w.project}/custom-fields/${await newCustomField(w.org)}`,
    body: { enabled: true },
  })),
  'PUT /api/tasks/:taskId/custom-fields/:fieldId': inOrganization(async (w) => ({
    path: `/api/tasks/${w.task}/custom-fields/${await newCustomField(w.org, w.project)}`,
    body: { value: 'A value' },
  })),
  'GET /api/tasks/:taskId/recurrence': inOrganization((w) => ({ path: `/api/tasks/${w.task}/recurrence` })),
  'PUT /api/tasks/:taskId/recurrence': inOrganization((w) => ({
    path: `/api/tasks/${w.task}/recurrence`,
    body: { rrule: 'FREQ=WEEKLY;BYDAY=MO' },
  })),
  'DELETE /api/tasks/:taskId/recurrence': inOrganization(async (w) => ({
    path: `/api/tasks/${await w.fresh.task()}/recurrence`,
  })),
  'GET /api/organizations/:organizationId/time-zone': inOrganization((w) => ({
    path: `/api/organizations/${w.org}/time-zone`,
  })),
  'PUT /api/organizations/:organizationId/time-zone': ownerOnly((w) => ({
    path: `/api/organizations/${w.org}/time-zone`,
    body: { time_zone: 'UTC' },
  })),
  'GET /api/projects/:projectId/statuses': inOrganization((w) => ({
    path: `/api/projects/${w.project}/statuses`,
  })),
  'POST /api/projects/:projectId/statuses': inOrganization((w) => ({
    path: `/api/projects/${w.project}/statuses`,
    body: { name: `Review ${nextStatusName++}`, color: 'violet', category: 'started' },
  })),
  'PUT /api/projects/:projectId/statuses/order': inOrganization(async (w) => ({
    path: `/api/projects/${w.project}/statuses/order`,
    body: { status_ids: await statusIdsOf(w.project) },
  })),
  'PATCH /api/project-statuses/:statusId': inOrganization(async (w) => ({
    path: `/api/project-statuses/${await newStatus(w.project)}`,
    body: { color: 'red' },
  })),
  'DELETE /api/project-statuses/:statusId': inOrganization(async (w) => ({
    path: `/api/project-statuses/${await newStatus(w.project)}`,
  })),
  'GET /api/projects/:projectId/cycles': inOrganization((w) => ({
    path: `/api/projects/${w.project}/cycles`,
  })),
  'PUT /api/projects/:projectId/cycle-settings': inOrganization((w) => ({
    path: `/api/projects/${w.project}/cycle-settings`,
    body: { enabled: true, weeks: 2, week_start: 1 },
  })),
  'GET /api/cycles/:cycleId': inOrganization(async (w) => ({
    path: `/api/cycles/${await newCycle(w.project)}`,
  })),
  'PATCH /api/cycles/:cycleId': inOrganization(async (w) => ({
    path: `/api/cycles/${await newCycle(w.project)}`,
    body: { name: 'Named' },
  })),
  'PUT /api/tasks/:taskId/cycle': inOrganization(async (w) => ({
    path: `/api/tasks/${w.task}/cycle`,
    body: { cycle_id: await newCycle(w.project) },
  })),
  'GET /api/projects/:projectId/timeline': inOrganization((w) => ({
    path: `/api/projects/${w.project}/timeline`,
  })),

  // Export: any member takes a project with them; a whole organization leaves only with an owner
  'GET /api/projects/:projectId/export.json': inOrganization((w) => ({
    path: `/api/projects/${w.project}/export.json`,
  })),
  'GET /api/projects/:projectId/export.csv': inOrganization((w) => ({
    path: `/api/projects/${w.project}/export.csv`,
  })),
  'GET /api/organizations/:organizationId/export.json': ownerOnly((w) => ({
    path: `/api/organizations/${w.org}/export.json`,
  })),

  // Tasks, their content, comments and timeline
  'GET /api/projects/:projectId/tasks': inOrganization((w) => ({ path: `/api/projects/${w.project}/tasks` })),
  'POST /api/projects/:projectId/tasks': inOrganization((w) => ({
    path: `/api/projects/${w.project}/tasks`,
    body: { title: 'Added' },
  })),
  'GET /api/my-tasks': signedIn(() => ({ path: '/api/my-tasks' })),
  'GET /api/tasks/:taskId': inOrganization((w) => ({ path: `/api/tasks/${w.task}` })),
  'PATCH /api/tasks/:taskId': inOrganization((w) => ({
    path: `/api/tasks/${w.task}`,
    body: { status: 'DOING' },
  })),
  // Bulk changes (issue 43): one task of the organization is enough to be refused outside it.
  'POST /api/tasks/bulk-change': inOrganization((w) => ({
    path: '/api/tasks/bulk-change',
    body: { groups: [{ task_ids: [w.task], changes: { priority: 'HIGH' } }] },
  })),
  'POST /api/tasks/bulk-delete': inOrganization(async (w) => ({
    path: '/api/tasks/bulk-delete',
    body: { task_ids: [await w.fresh.task()] },
  })),
  'DELETE /api/tasks/:taskId': inOrganization(async (w) => ({ path: `/api/tasks/${await w.fresh.task()}` })),
  'GET /api/organizations/:organizationId/trash': inOrganization((w) => ({
    path: `/api/organizations/${w.org}/trash`,
  })),
  // A member restores what they deleted themselves (someone else's: test/trash/trash-api.test.ts).
  'POST /api/trash/:trashId/restore': inOrganization(async (w, who) => ({
    path: `/api/trash/${await newTrashItem(w, who === 'member' ? 'member' : 'owner')}/restore`,
  })),
  'POST /api/tasks/:taskId/move': inOrganization(async (w) => ({
    path: `/api/tasks/${await w.fresh.task()}/move`,
    body: { project_id: await w.fresh.project() },
  })),
  // Sub-tasks and relations (issue 42)
  'PUT /api/tasks/:taskId/parent': inOrganization(async (w) => ({
    path: `/api/tasks/${await w.fresh.task()}/parent`,
    body: { parent_id: w.task },
  })),
  'PUT /api/tasks/:taskId/subtask-position': inOrganization(async (w) => {
    const child = await w.fresh.task();
    await server.deps.db
      .updateTable('task')
      .set({ parent_id: w.task })
      .where('task_id', '=', child)
      .execute();
    return { path: `/api/tasks/${child}/subtask-position`, body: { index: 0 } };
  }),
  'GET /api/tasks/:taskId/structure': inOrganization((w) => ({ path: `/api/tasks/${w.task}/structure` })),
  'POST /api/tasks/:taskId/relations': inOrganization(async (w) => ({
    path: `/api/tasks/${await w.fresh.task()}/relations`,
    body: { side: 'blocks', task_id: w.task },
  })),
  'DELETE /api/tasks/:taskId/relations/:relationId': inOrganization(async (w) => {
    const blocker = await w.fresh.task();
    return { path: `/api/tasks/${blocker}/relations/${await newRelation(w.org, blocker, w.task)}` };
  }),
  'POST /api/tasks/:taskId/duplicate': inOrganization((w) => ({ path: `/api/tasks/${w.task}/duplicate` })),
  'POST /api/kanban-update': inOrganization((w) => ({
    path: '/api/kanban-update',
    body: { taskId: w.task, status: 'TODO', index: 0 },
  })),
  'PATCH /api/tasks/:taskId/content': inOrganization((w) => ({
    path: `/api/tasks/${w.task}/content`,
    body: { content_json: delta('Described') },
  })),
  'GET /api/tasks/:taskId/comments': inOrganization((w) => ({ path: `/api/tasks/${w.task}/comments` })),
  'POST /api/tasks/:taskId/comments': inOrganization((w) => ({
    path: `/api/tasks/${w.task}/comments`,
    body: { content_json: delta('A remark') },
  })),
  // One's own comment (someone else's is a 403: comment-edits.test.ts); the outsider tries the owner's.
  'PATCH /api/comments/:commentId': inOrganization(async (w, who) => ({
    path: `/api/comments/${await newComment(w.task, who === 'member' ? w.users.member.userId : w.users.owner.userId)}`,
    body: { content_json: delta('Edited') },
  })),
  'DELETE /api/comments/:commentId': inOrganization(async (w, who) => ({
    path: `/api/comments/${await newComment(w.task, who === 'member' ? w.users.member.userId : w.users.owner.userId)}`,
  })),
  'GET /api/tasks/:taskId/timeline': inOrganization((w) => ({ path: `/api/tasks/${w.task}/timeline` })),
  // Past the policy, the task simply has no Figma node: a 404 about the node, not the task.
  'GET /api/tasks/:taskId/figma-image': {
    request: (w) => ({ path: `/api/tasks/${w.task}/figma-image` }),
    expect: {
      anonymous: 401,
      outsider: { status: 404, message: 'Task not found.' },
      member: { status: 404, message: 'Figma design node not found.' },
      owner: { status: 404, message: 'Figma design node not found.' },
    },
  },

  // Labels of an organization (owners and members manage them) and the labels a task carries
  'GET /api/organizations/:organizationId/labels': inOrganization((w) => ({
    path: `/api/organizations/${w.org}/labels`,
  })),
  'POST /api/organizations/:organizationId/labels': inOrganization((w) => ({
    path: `/api/organizations/${w.org}/labels`,
    body: { name: `Label ${randomUUID().slice(0, 8)}`, color: 'red' },
  })),
  'PATCH /api/labels/:labelId': inOrganization(async (w) => ({
    path: `/api/labels/${await newLabel(w.org)}`,
    body: { color: 'teal' },
  })),
  'DELETE /api/labels/:labelId': inOrganization(async (w) => ({
    path: `/api/labels/${await newLabel(w.org)}`,
  })),
  'PUT /api/tasks/:taskId/labels': inOrganization(async (w) => ({
    path: `/api/tasks/${w.task}/labels`,
    body: { label_ids: [await newLabel(w.org)] },
  })),
  'GET /api/tasks/:taskId/checklist': inOrganization((w) => ({ path: `/api/tasks/${w.task}/checklist` })),
  'POST /api/tasks/:taskId/checklist': inOrganization((w) => ({
    path: `/api/tasks/${w.task}/checklist`,
    body: { text: 'An item' },
  })),
  'PATCH /api/checklist-items/:itemId': inOrganization(async (w) => ({
    path: `/api/checklist-items/${await newChecklistItem(w.task)}`,
    body: { done: true },
  })),
  'DELETE /api/checklist-items/:itemId': inOrganization(async (w) => ({
    path: `/api/checklist-items/${await newChecklistItem(w.task)}`,
  })),
  'POST /api/checklist-items/:itemId/convert': inOrganization(async (w) => ({
    path: `/api/checklist-items/${await newChecklistItem(w.task)}/convert`,
  })),
  'GET /api/tasks/:taskId/figma-nodes': inOrganization((w) => ({ path: `/api/tasks/${w.task}/figma-nodes` })),
  'POST /api/tasks/:taskId/figma-nodes': inOrganization((w) => ({
    path: `/api/tasks/${w.task}/figma-nodes`,
    body: { url: `https://www.figma.com/design/AbCdEfGhIjKl/Checkout?node-id=${randomInt(1, 1e9)}-1` },
  })),
  'DELETE /api/tasks/:taskId/figma-nodes/:nodeLinkId': inOrganization(async (w) => ({
    path: `/api/tasks/${w.task}/figma-nodes/${await newFigmaNodeLink(w.org, w.task)}`,
  })),
  'GET /api/tasks/:taskId/figma-dev-resources': inOrganization((w) => ({
    path: `/api/tasks/${w.task}/figma-dev-resources`,
  })),
  'POST /api/tasks/:taskId/figma-nodes/:nodeLinkId/dev-resource/retry': inOrganization(async (w) => ({
    path: `/api/tasks/${w.task}/figma-nodes/${await newFigmaNodeLink(w.org, w.task)}/dev-resource/retry`,
  })),
  // Design changed: the list and the assignee's "seen" (for others it changes nothing); past the
  // policy, a link whose design never changed has no picture to compare: a 404 about the picture.
  'GET /api/tasks/:taskId/design-changes': inOrganization((w) => ({
    path: `/api/tasks/${w.task}/design-changes`,
  })),
  'GET /api/projects/:projectId/design-changes': inOrganization((w) => ({
    path: `/api/projects/${w.project}/design-changes`,
  })),
  'POST /api/tasks/:taskId/design-changes/seen': inOrganization((w) => ({
    path: `/api/tasks/${w.task}/design-changes/seen`,
  })),
  'GET /api/tasks/:taskId/design-changes/:nodeLinkId/:side': {
    request: async (w) => ({
      path: `/api/tasks/${w.task}/design-changes/${await newFigmaNodeLink(w.org, w.task)}/after`,
    }),
    expect: {
      anonymous: 401,
      outsider: { status: 404, message: 'Task not found.' },
      member: { status: 404, message: 'Design change image not found.' },
      owner: { status: 404, message: 'Design change image not found.' },
    },
  },

  // Files
  'POST /api/uploads': inOrganization((w) => {
    const form = new FormData();
    form.set('folder', `tasks/${w.task}`);
    form.set('file', new Blob(['plain words']), `note-${randomUUID()}.txt`);
    return { path: '/api/uploads', form };
  }),
  'GET /api/uploads/*': inOrganization((w) => ({ path: w.uploadUrl })),

  // Import: members and owners import into their organization's projects and follow the runs
  'POST /api/projects/:projectId/imports': inOrganization((w) => ({
    path: `/api/projects/${w.project}/imports?file_name=tasks.csv`,
    file: IMPORT_CSV,
  })),
  'POST /api/organizations/:organizationId/imports': inOrganization((w) => ({
    path: `/api/organizations/${w.org}/imports?file_name=tasks.csv`,
    file: IMPORT_CSV,
  })),
  'GET /api/projects/:projectId/imports': inOrganization((w) => ({
    path: `/api/projects/${w.project}/imports`,
  })),
  'GET /api/imports/:importId': inOrganization(async (w) => ({ path: `/api/imports/${await newImport(w)}` })),
  'POST /api/imports/:importId/start': inOrganization(async (w) => ({
    path: `/api/imports/${await newImport(w)}/start`,
    body: { csv_columns: ['title'], allow_duplicate: true },
  })),

  // Inbox and dashboard: each person's own organizations only
  'GET /api/inbox': signedIn(() => ({ path: '/api/inbox' })),
  'GET /api/inbox/status': signedIn(() => ({ path: '/api/inbox/status' })),
  'POST /api/inbox/seen': signedIn(() => ({ path: '/api/inbox/seen' })),
  'GET /api/dashboard': signedIn(() => ({ path: '/api/dashboard' })),
  'GET /api/dashboard/summary': signedIn(() => ({ path: '/api/dashboard/summary' })),

  // For me and watching: one's own notifications; watching is for those who may read the task.
  'GET /api/notifications': signedIn(() => ({ path: '/api/notifications' })),
  'GET /api/notifications/unread-count': signedIn(() => ({ path: '/api/notifications/unread-count' })),
  'POST /api/notifications/read-all': signedIn(() => ({ path: '/api/notifications/read-all' })),
  // Each member reads a notification of their own; the outsider tries the member's.
  'POST /api/notifications/:notificationId/read': inOrganization(async (w, who) => {
    const recipient = who === 'owner' ? w.users.owner : w.users.member;
    const row = await server.deps.db
      .insertInto('notification')
      .values({
        user_id: recipient.userId,
        organization_id: w.org,
        project_id: w.project,
        task_id: w.task,
        kind: 'assignment',
      })
      .returning('notification_id')
      .executeTakeFirstOrThrow();
    return { path: `/api/notifications/${row.notification_id}/read` };
  }),
  'GET /api/tasks/:taskId/watchers': inOrganization((w) => ({ path: `/api/tasks/${w.task}/watchers` })),
  'PUT /api/tasks/:taskId/watch': inOrganization((w) => ({ path: `/api/tasks/${w.task}/watch` })),
  'DELETE /api/tasks/:taskId/watch': inOrganization((w) => ({ path: `/api/tasks/${w.task}/watch` })),

  // Search: only the caller's own organizations. The query is the task's secret name, so an
  // outsider's answer naming it (or its project, organization or comment) fails the leak check.
  'GET /api/search': signedIn((w) => ({ path: `/api/search?q=${encodeURIComponent(w.secrets.task)}` })),

  // Figma settings: the token is personal; team id, reply-on-done and design links are the owner's
  'GET /api/figma/settings': signedIn(() => ({ path: '/api/figma/settings' })),
  'GET /api/figma/linked-tasks': signedIn(() => ({
    path: `/api/figma/linked-tasks?file_key=${figmaFileKey()}&node_ids=1:2,0:1`,
  })),
  'GET /api/me/figma-token': signedIn(() => ({ path: '/api/me/figma-token' })),
  'PUT /api/me/figma-token': signedIn(() => ({
    path: '/api/me/figma-token',
    body: { token: 'figd_matrix' },
  })),
  'DELETE /api/me/figma-token': signedIn(() => ({ path: '/api/me/figma-token' })),
  // Notification emails: one's own choices; the unsubscribe link's signed token is the credential.
  'GET /api/me/notification-preferences': signedIn(() => ({ path: '/api/me/notification-preferences' })),
  'PUT /api/me/notification-preferences': signedIn(() => ({
    path: '/api/me/notification-preferences',
    body: { email_level: 'watching', daily_digest: false, time_zone: 'Europe/Paris' },
  })),
  'GET /api/notifications/unsubscribe': byToken((w) => ({ path: unsubscribePath(w) })),
  'POST /api/notifications/unsubscribe': byToken((w) => ({ path: unsubscribePath(w) })),
  'PUT /api/organizations/:organizationId/figma-team': ownerOnly((w) => ({
    path: `/api/organizations/${w.org}/figma-team`,
    body: { figma_team_id: '1234567890' },
  })),
  // Figma OAuth (this server has no OAuth app: starting is a 409 for the owner, after the role check).
  'GET /api/organizations/:organizationId/figma-oauth': ownerOnly((w) => ({
    path: `/api/organizations/${w.org}/figma-oauth`,
  })),
  'POST /api/organizations/:organizationId/figma-oauth': {
    request: (w) => ({ path: `/api/organizations/${w.org}/figma-oauth` }),
    expect: { anonymous: 401, outsider: 404, member: 403, owner: 409 },
  },
  'DELETE /api/organizations/:organizationId/figma-oauth': ownerOnly((w) => ({
    path: `/api/organizations/${w.org}/figma-oauth`,
  })),
  // The state is the credential: one nobody started is a 400 for everyone signed in.
  'GET /api/figma/oauth/callback': {
    request: () => ({ path: '/api/figma/oauth/callback?state=never-started&code=abc' }),
    expect: { anonymous: 401, outsider: 400, member: 400, owner: 400 },
  },
  'GET /api/figma/oauth/notices': signedIn(() => ({ path: '/api/figma/oauth/notices' })),
  'PUT /api/organizations/:organizationId/figma-reply-on-done': ownerOnly((w) => ({
    path: `/api/organizations/${w.org}/figma-reply-on-done`,
    body: { enabled: true },
  })),
  'GET /api/design-links': signedIn(() => ({ path: '/api/design-links' })),
  'GET /api/design-links/projects': signedIn(() => ({ path: '/api/design-links/projects' })),
  'POST /api/design-links': ownerOnly((w) => ({
    path: '/api/design-links',
    body: { figma_file_id: figmaFileKey(), project_id: w.project },
  })),
  'DELETE /api/design-links/:fileId': ownerOnly(async (w) => ({
    path: `/api/design-links/${await w.fresh.designLink()}`,
  })),

  // Outgoing webhooks (owners); the matrix's server allows a loopback target.
  'GET /api/organizations/:organizationId/webhooks': ownerOnly((w) => ({
    path: `/api/organizations/${w.org}/webhooks`,
  })),
  'POST /api/organizations/:organizationId/webhooks': ownerOnly((w) => ({
    path: `/api/organizations/${w.org}/webhooks`,
    body: { url: 'http://127.0.0.1:9/hooks', events: ['comment.created'] },
  })),
  'PATCH /api/organizations/:organizationId/webhooks/:webhookId': ownerOnly(async (w) => ({
    path: `/api/organizations/${w.org}/webhooks/${await newWebhook(w.org)}`,
    body: { active: false },
  })),
  'DELETE /api/organizations/:organizationId/webhooks/:webhookId': ownerOnly(async (w) => ({
    path: `/api/organizations/${w.org}/webhooks/${await newWebhook(w.org)}`,
  })),
  'POST /api/organizations/:organizationId/webhooks/:webhookId/test': ownerOnly(async (w) => ({
    path: `/api/organizations/${w.org}/webhooks/${await newWebhook(w.org)}/test`,
  })),
  'GET /api/organizations/:organizationId/webhooks/:webhookId/deliveries': ownerOnly(async (w) => ({
    path: `/api/organizations/${w.org}/webhooks/${await newWebhook(w.org)}/deliveries`,
  })),

  // Radar
  'GET /api/figma-events': signedIn(() => ({ path: '/api/figma-events' })),
  'GET /api/figma-events/failed': signedIn(() => ({ path: '/api/figma-events/failed' })),
  'POST /api/figma-events/failed/:jobId/retry': inOrganization(async (w) => ({
    path: `/api/figma-events/failed/${await failedFigmaJob(w.org)}/retry`,
  })),
  'GET /api/figma-events/:eventId': inOrganization((w) => ({ path: `/api/figma-events/${w.figmaEvent}` })),
  'GET /api/figma-events/:eventId/projects': inOrganization((w) => ({
    path: `/api/figma-events/${w.figmaEvent}/projects`,
  })),
  'POST /api/figma-events/:eventId/task': inOrganization(async (w) => ({
    path: `/api/figma-events/${await w.fresh.figmaEvent()}/task`,
    body: { project_id: w.project },
  })),

  // Live updates: the upgrade needs a session; each topic of the organization needs a rule in it.
  'GET /api/realtime': {
    request: () => ({ path: REALTIME_PATH }),
    perform: subscribeToOrganizationTopics,
    expect: { anonymous: 401, outsider: 404, member: 'ok', owner: 'ok' },
  },

  // The operator's metrics open with METRICS_TOKEN only: no session, however high its role, sees them.
  'GET /metrics': {
    request: () => ({ path: '/metrics' }),
    expect: { anonymous: 404, outsider: 404, member: 404, owner: 404 },
  },
};

const figmaFileKey = () => randomBytes(12).toString('hex');

/** An API token of `userId`, made for one call (someone else's is a 404: api-tokens-manage.test.ts). */
async function newApiToken(userId: string): Promise<string> {
  const fresh = newToken();
  const token = await server.deps.db
    .insertInto('api_token')
    .values({
      user_id: userId,
      name: 'To revoke',
      scope: 'read',
      prefix: fresh.prefix,
      secret_hash: fresh.secretHash,
    })
    .returning('api_token_id')
    .executeTakeFirstOrThrow();
  return token.api_token_id;
}

/** A personal calendar feed of `userId`, made for one call. */
async function newCalendarFeed(userId: string): Promise<{ calendarFeedId: string; token: string }> {
  const fresh = newFeedToken();
  const feed = await server.deps.db
    .insertInto('calendar_feed')
    .values({ user_id: userId, secret_hash: fresh.secretHash })
    .returning('calendar_feed_id')
    .executeTakeFirstOrThrow();
  return { calendarFeedId: feed.calendar_feed_id, token: fresh.token };
}

/** A label of the organization, made for one call. */
async function newLabel(organizationId: string): Promise<string> {
  const label = await server.deps.db
    .insertInto('label')
    .values({ organization_id: organizationId, name: `Made ${randomUUID().slice(0, 8)}` })
    .returning('label_id')
    .executeTakeFirstOrThrow();
  return label.label_id;
}

/** `from` blocks `to`, made for one call. */
async function newRelation(organizationId: string, from: string, to: string): Promise<string> {
  const relation = await server.deps.db
    .insertInto('task_relation')
    .values({ organization_id: organizationId, from_task_id: from, to_task_id: to, kind: 'blocks' })
    .returning('relation_id')
    .executeTakeFirstOrThrow();
  return relation.relation_id;
}

/** A webhook of the organization, made for one call (its deliveries go nowhere: port 9 discards). */
async function newWebhook(organizationId: string): Promise<string> {
  const webhook = await server.deps.db
    .insertInto('webhook')
    .values({
      organization_id: organizationId,
      url: 'http://127.0.0.1:9/hooks',
      events: ['figma_event.received'],
      secret_encrypted: 'v1.matrix',
    })
    .returning('webhook_id')
    .executeTakeFirstOrThrow();
  return webhook.webhook_id;
}

/** A comment on the task by `authorId`, made for one call (the matrix's own, counted nowhere). */
async function newComment(taskId: string, authorId: string): Promise<string> {
  const comment = await server.deps.db
    .insertInto('comment')
    .values({
      task_id: taskId,
      author_id: authorId,
      author_name: 'Matrix',
      content_json: JSON.stringify(delta('Mine')),
    })
    .returning('comment_id')
    .executeTakeFirstOrThrow();
  return comment.comment_id;
}

/** A text field of the organization, turned on in the project when one is given. */
async function newCustomField(organizationId: string, projectId?: string): Promise<string> {
  const field = await server.deps.db
    .insertInto('custom_field')
    .values({ organization_id: organizationId, name: `Field ${randomUUID()}`.slice(0, 40), kind: 'text' })
    .returning('field_id')
    .executeTakeFirstOrThrow();
  if (projectId) {
    await server.deps.db
      .insertInto('project_custom_field')
      .values({ project_id: projectId, field_id: field.field_id })
      .execute();
  }
  return field.field_id;
}

async function newChecklistItem(taskId: string): Promise<string> {
  const item = await server.deps.db
    .insertInto('checklist_item')
    // A valid fractional-indexing key: an integer part, then a fraction that does not end in 0.
    .values({ task_id: taskId, text: 'Made', rank: `a0${randomUUID().slice(0, 8)}V` })
    .returning('item_id')
    .executeTakeFirstOrThrow();
  return item.item_id;
}

async function newFigmaNodeLink(organizationId: string, taskId: string): Promise<string> {
  const link = await server.deps.db
    .insertInto('task_figma_node')
    .values({
      task_id: taskId,
      organization_id: organizationId,
      file_key: 'AbCdEfGhIjKl',
      node_id: `${randomInt(1, 1e9)}:2`,
      source: 'link',
    })
    .returning('task_figma_node_id')
    .executeTakeFirstOrThrow();
  return link.task_figma_node_id;
}

/** Numbers far past the cycles PUT cycle-settings makes in the same project. */
let nextCycleNumber = 1000;
/** A cycle made straight in the table. */
async function newCycle(projectId: string): Promise<string> {
  const cycle = await server.deps.db
    .insertInto('cycle')
    .values({
      project_id: projectId,
      number: nextCycleNumber++,
      starts_on: '2027-01-04',
      ends_on: '2027-01-11',
    })
    .returning('cycle_id')
    .executeTakeFirstOrThrow();
  return cycle.cycle_id;
}

let nextStatusName = 1;

/** An unused status of the project (migration 0037). */
async function newStatus(projectId: string): Promise<string> {
  const status = await server.deps.db
    .insertInto('project_status')
    .values({
      project_id: projectId,
      key: `MADE_${nextStatusName}`,
      name: `Made ${nextStatusName++}`,
      color: 'gray',
      category: 'started',
      position: 100,
    })
    .returning('status_id')
    .executeTakeFirstOrThrow();
  return status.status_id;
}

async function statusIdsOf(projectId: string): Promise<string[]> {
  const statuses = await server.deps.db
    .selectFrom('project_status')
    .select('status_id')
    .where('project_id', '=', projectId)
    .execute();
  return statuses.map((status) => status.status_id);
}

/** A fresh task deleted by `by`: its trash item (features/trash/). */
async function newTrashItem(w: World, by: 'member' | 'owner'): Promise<string> {
  const taskId = await w.fresh.task();
  const deleted = await w.users[by].api(`/api/tasks/${taskId}`, { method: 'DELETE' });
  expect(deleted.status).toBe(204);
  const item = await server.deps.db
    .selectFrom('trash_item')
    .select('trash_id')
    .where('task_id', '=', taskId)
    .executeTakeFirstOrThrow();
  return item.trash_id;
}

async function newMilestone(projectId: string): Promise<string> {
  const milestone = await server.deps.db
    .insertInto('milestone')
    .values({ project_id: projectId, name: 'Made', target_on: '2027-01-01' })
    .returning('milestone_id')
    .executeTakeFirstOrThrow();
  return milestone.milestone_id;
}

async function newTaskTemplate(projectId: string): Promise<string> {
  const template = await server.deps.db
    .insertInto('task_template')
    .values({
      project_id: projectId,
      name: `Made ${randomUUID().slice(0, 8)}`,
      title_pattern: 'Made',
      content_json: JSON.stringify({ ops: [{ insert: '\n' }] }),
    })
    .returning('template_id')
    .executeTakeFirstOrThrow();
  return template.template_id;
}

/** A Figma delivery of the organization that failed for good (src/jobs/). */
async function failedFigmaJob(organizationId: string): Promise<string> {
  const job = await server.deps.db
    .insertInto('job')
    .values({
      kind: 'figma_delivery',
      organization_id: organizationId,
      dedupe_key: randomUUID(),
      state: 'failed',
      last_error: 'Refused.',
      finished_at: new Date(),
    })
    .returning('job_id')
    .executeTakeFirstOrThrow();
  return job.job_id;
}

interface World {
  org: string;
  project: string;
  task: string;
  figmaEvent: string;
  uploadUrl: string;
  users: Record<Exclude<Who, 'anonymous'>, TestUser>;
  /** Texts only this organization holds: no answer to a non-member may contain them. */
  secrets: { organization: string; project: string; task: string; comment: string; memberEmail: string };
  fresh: {
    project(): Promise<string>;
    task(): Promise<string>;
    memberRule(): Promise<string>;
    invitationToken(): Promise<string>;
    invitation(): Promise<{ invitationId: string; token: string }>;
    designLink(): Promise<string>;
    figmaEvent(): Promise<string>;
  };
}

const routeKeys: string[] = [];
let server: TestServer;
let mail: MailCatcher;
let world: World;

beforeAll(async () => {
  mail = await startMailCatcher();
  server = await startTestServer(
    // METRICS_TOKEN turns GET /metrics on, so its line proves a session alone does not open it.
    {
      SMTP_URL: mail.url,
      WEBHOOKS_ALLOW_PRIVATE: 'true',
      METRICS_TOKEN: 'a-metrics-token-the-matrix-never-sends',
    },
    listRoutesInto(routeKeys),
  );
  world = await buildWorld(server, mail);
});
afterAll(async () => {
  await server?.close();
  await mail?.stop();
});

/** Every route as `METHOD /path`, without Fastify's automatic HEAD twins of GET routes. */
function checkedRoutes(): string[] {
  const keys = new Set(routeKeys);
  return [...keys]
    .filter((key) => !PUBLIC_ROUTES.has(key))
    .filter((key) => !(key.startsWith('HEAD ') && keys.has(key.replace(/^HEAD /, 'GET '))))
    .sort();
}

describe('the authorization matrix', () => {
  it('has an entry for every route of the server, and no entry for a route that is gone', () => {
    const routes = checkedRoutes();
    expect(routes.length).toBeGreaterThan(20);
    const missing = routes.filter((key) => !(key in expectations));
    expect(missing, `routes without an authorization expectation: add a line for each`).toEqual([]);
    const stale = Object.keys(expectations).filter((key) => !routes.includes(key));
    expect(stale, 'expectations for routes that no longer exist').toEqual([]);
    const publicGone = [...PUBLIC_ROUTES].filter(
      (key) => !CONDITIONAL_ROUTES.has(key) && !routeKeys.includes(key),
    );
    expect(publicGone, 'public routes listed but not served').toEqual([]);
  });

  it.each(Object.keys(expectations).sort())('%s answers each caller as expected', async (key) => {
    const entry = expectations[key]!;
    const method = key.slice(0, key.indexOf(' '));
    const failures: string[] = [];
    for (const who of CALLERS) {
      const { status, text } = entry.perform
        ? await entry.perform(world, who)
        : await send(method, await entry.request(world, who), who);
      const expected = entry.expect[who];
      const ok =
        expected === 'ok'
          ? status >= 200 && status < 300
          : typeof expected === 'number'
            ? status === expected
            : status === expected.status && text.includes(expected.message);
      if (!ok)
        failures.push(`${who}: expected ${JSON.stringify(expected)}, got ${status} ${text.slice(0, 200)}`);
      if (who === 'anonymous' || who === 'outsider') {
        for (const [name, secret] of Object.entries(world.secrets)) {
          if (entry.mayShow?.includes(name as keyof World['secrets'])) continue;
          if (text.includes(secret)) failures.push(`${who}: the answer shows the organization's ${name}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });
});

async function send(method: string, call: Call, who: Who): Promise<{ status: number; text: string }> {
  const cookie = who === 'anonymous' ? '' : world.users[who].cookie;
  const headers: Record<string, string> = { origin: server.url };
  if (cookie) headers.cookie = cookie;
  let body: string | FormData | undefined;
  if (call.form) body = call.form;
  else if (call.file !== undefined) {
    headers['content-type'] = 'application/octet-stream';
    body = call.file;
  } else if (call.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(call.body);
  }
  const response = await fetch(`${server.url}${call.path}`, { method, headers, body });
  const type = response.headers.get('content-type') ?? '';
  const text = type.includes('json') || type.startsWith('text/') ? await response.text() : '';
  return { status: response.status, text };
}

/** Opens the live-update socket as the caller and subscribes to the organization's topics. */
async function subscribeToOrganizationTopics(w: World, who: Who): Promise<{ status: number; text: string }> {
  if (who === 'anonymous') {
    const status = await TestSocket.connect(server.url, { origin: server.url }).refusal();
    return { status, text: '' };
  }
  const socket = await TestSocket.open(server.url, { cookie: w.users[who].cookie, origin: server.url });
  try {
    const answers = [];
    for (const topic of [topics.projects(w.org), topics.tasks(w.project), topics.task(w.task)]) {
      answers.push(await socket.subscribe(topic));
    }
    const text = JSON.stringify([...answers, ...socket.frames.filter((f) => f.type === 'event')]);
    if (answers.every((frame) => frame.type === 'subscribed')) return { status: 200, text };
    if (answers.every((frame) => frame.type === 'error' && frame.code === 'forbidden'))
      return { status: 404, text };
    return { status: 500, text };
  } finally {
    socket.ws.close();
  }
}

async function buildWorld(testServer: TestServer, catcher: MailCatcher): Promise<World> {
  const tag = randomBytes(4).toString('hex');
  const secrets = {
    organization: `Secret Org ${tag}`,
    project: `Secret Project ${tag}`,
    task: `Secret Task ${tag}`,
    comment: `Secret Comment ${tag}`,
    memberEmail: '',
  };
  const { organizationId, owner, member, outsider } = await createOrganizationWorld(
    testServer,
    catcher,
    secrets.organization,
  );
  secrets.memberEmail = member.email;
  const { db } = testServer.deps;
  const ownerApi = owner.api;

  async function json<T>(response: Promise<Response>): Promise<T> {
    const answer = await response;
    if (!answer.ok) throw new Error(`world setup: ${answer.status} ${await answer.text()}`);
    return (await answer.json()) as T;
  }
  async function newProject(name: string): Promise<string> {
    const project = await json<{ project_id: string }>(
      ownerApi('/api/projects', { body: { name, trigram: 'SEC', organization_id: organizationId } }),
    );
    return project.project_id;
  }
  const project = await newProject(secrets.project);
  async function newTask(title: string): Promise<string> {
    const task = await json<{ task_id: string }>(
      ownerApi(`/api/projects/${project}/tasks`, { body: { title } }),
    );
    return task.task_id;
  }
  const task = await newTask(secrets.task);
  await json(ownerApi(`/api/tasks/${task}/comments`, { body: { content_json: delta(secrets.comment) } }));
  const form = new FormData();
  form.set('folder', `tasks/${task}`);
  form.set('file', new Blob(['world file']), 'world.txt');
  const upload = await json<{ url: string }>(
    fetch(`${testServer.url}/api/uploads`, {
      method: 'POST',
      headers: { origin: testServer.url, cookie: owner.cookie },
      body: form,
    }),
  );

  async function newFigmaEvent(): Promise<string> {
    const event = await db
      .insertInto('figma_event')
      .values({
        organization_id: organizationId,
        figma_event_type: 'FILE_COMMENT',
        figma_comment_id: randomUUID(),
        figma_file_key: figmaFileKey(),
        figma_file_name: 'Screens',
        kind: 'TASK',
        figma_client_meta: JSON.stringify({ node_id: '1:2' }),
        content: 'Make the button bigger #task',
      })
      .returning('figma_event_id')
      .executeTakeFirstOrThrow();
    return event.figma_event_id;
  }

  async function newInvitation(): Promise<{ invitationId: string; token: string }> {
    const token = randomBytes(32).toString('base64url');
    const invitation = await db
      .insertInto('invitation')
      .values({
        organization_id: organizationId,
        email: `invited-${randomUUID()}@example.test`,
        firstname: 'In',
        lastname: 'Vited',
        token_hash: hashInvitationToken(token),
        invited_by: owner.userId,
        expires_at: new Date(Date.now() + 86_400_000),
      })
      .returning('invitation_id')
      .executeTakeFirstOrThrow();
    return { invitationId: invitation.invitation_id, token };
  }

  return {
    org: organizationId,
    project,
    task,
    figmaEvent: await newFigmaEvent(),
    uploadUrl: upload.url,
    users: { owner, member, outsider },
    secrets,
    fresh: {
      project: () => newProject('To delete'),
      task: () => newTask('To delete'),
      async memberRule() {
        const person = await db
          .insertInto('app_user')
          .values({ auth_user_id: `matrix-${randomUUID()}`, email: `gone-${randomUUID()}@example.test` })
          .returning('user_id')
          .executeTakeFirstOrThrow();
        const rule = await db
          .insertInto('rule')
          .values({ organization_id: organizationId, user_id: person.user_id, role: 'MEMBER' })
          .returning('rule_id')
          .executeTakeFirstOrThrow();
        return rule.rule_id;
      },
      async invitationToken() {
        return (await newInvitation()).token;
      },
      invitation: newInvitation,
      async designLink() {
        const file = await db
          .insertInto('file')
          .values({ figma_file_id: figmaFileKey(), project_id: project })
          .returning('file_id')
          .executeTakeFirstOrThrow();
        return file.file_id;
      },
      figmaEvent: newFigmaEvent,
    },
  };
}
