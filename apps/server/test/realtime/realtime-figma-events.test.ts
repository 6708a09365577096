// @database pglite
import type { EventFrame, ServerFrame } from '@figgle/shared/realtime-protocol';
import { topics } from '@figgle/shared/realtime-protocol';
import type { MailCatcher } from '@figgle/test-support/mail-catcher';
import { createUser, startMailCatcher } from '@figgle/test-support/users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  connectFigma,
  eventually,
  type FigmaWorld,
  startFigmaWorld,
  stopFigmaWorld,
} from '../figma/figma-world.ts';
import { addMember } from '../organizations/organizations-world.ts';
import { eventsOn, TestSocket } from './realtime-socket.ts';
import { ruleIdOf } from './realtime-world.ts';

/** The outsider's organization connects its own Figma team, with its own token and webhook. */
const OUTSIDER_TOKEN = 'figd_outsider-token-0000e5f6';
const OUTSIDER_TEAM_ID = '9876543210987654321';

let mail: MailCatcher;
let world: FigmaWorld;
/** The webhooks Figgle registered for each organization (deliveries name the one they come through). */
let acmeWebhookId: string;
let outsiderWebhookId: string;
const sockets: TestSocket[] = [];

async function open(cookie: string): Promise<TestSocket> {
  const socket = await TestSocket.open(world.server.url, { cookie });
  sockets.push(socket);
  return socket;
}

beforeAll(async () => {
  mail = await startMailCatcher();
  world = await startFigmaWorld(mail);
  await connectFigma(world);
  acmeWebhookId = world.figma.latestWebhook()!.id;

  world.figma.tokens.add(OUTSIDER_TOKEN);
  const token = await world.outsider.api('/api/me/figma-token', {
    method: 'PUT',
    body: { token: OUTSIDER_TOKEN },
  });
  expect(token.status, await token.clone().text()).toBe(200);
  const team = await world.outsider.api(`/api/organizations/${world.outsiderOrganizationId}/figma-team`, {
    method: 'PUT',
    body: { figma_team_id: OUTSIDER_TEAM_ID },
  });
  expect(await team.json()).toMatchObject({ webhook_live: true });
  outsiderWebhookId = world.figma.latestWebhook()!.id;
  expect(outsiderWebhookId).not.toBe(acmeWebhookId);
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await stopFigmaWorld(world);
  await mail.stop();
});

const isEvent = (frame: ServerFrame): frame is EventFrame => frame.type === 'event';
const figmaEventOf = (organizationId: string) => (frame: ServerFrame) =>
  eventsOn(topics.figmaEvents)(frame) &&
  (frame as EventFrame).kind === 'figma_event' &&
  (frame as EventFrame).organizationId === organizationId;

function storedEvent(commentId: string) {
  return world.server.deps.db
    .selectFrom('figma_event')
    .selectAll()
    .where('figma_comment_id', '=', commentId)
    .executeTakeFirst();
}

describe('the figma-events topic', () => {
  it('delivers a stored webhook comment to the members subscribed, shaped as the radar shows it', async () => {
    const member = await open(world.member.cookie);
    const owner = await open(world.owner.cookie);
    await expect(member.subscribe(topics.figmaEvents)).resolves.toEqual({
      type: 'subscribed',
      topic: topics.figmaEvents,
    });
    await owner.subscribe(topics.figmaEvents);
    const mark = member.mark();
    const ownerMark = owner.mark();

    const answer = await world.figma.deliverPlainComment({
      webhookId: acmeWebhookId,
      commentId: '6000000001',
      text: 'Live note for the radar',
    });
    expect(answer.status).toBe(200);

    const frame = await member.next<EventFrame>(figmaEventOf(world.organizationId), mark);
    const row = await eventually(() => storedEvent('6000000001'), 'the stored comment');
    expect(frame).toMatchObject({
      type: 'event',
      topic: topics.figmaEvents,
      kind: 'figma_event',
      action: 'created',
      id: row.figma_event_id,
      organizationId: world.organizationId,
      actorId: null,
    });
    const radar = await world.member.api(`/api/figma-events/${row.figma_event_id}`);
    expect(radar.status).toBe(200);
    expect(frame.data).toEqual(await radar.json());
    expect(frame.data).toMatchObject({ content: 'Live note for the radar', kind: 'COMMENT', task_id: null });

    const seenByOwner = await owner.next<EventFrame>(figmaEventOf(world.organizationId), ownerMark);
    expect(seenByOwner.id).toBe(row.figma_event_id);
    // One event per stored comment.
    expect(member.since(mark, eventsOn(topics.figmaEvents))).toHaveLength(1);
  });

  it("carries the task a '#task' comment became", async () => {
    const member = await open(world.member.cookie);
    await member.subscribe(topics.figmaEvents);
    const mark = member.mark();
    await world.figma.deliverTaskComment({ webhookId: acmeWebhookId, commentId: '6000000002' });
    const frame = await member.next<EventFrame>(figmaEventOf(world.organizationId), mark);
    const row = await eventually(async () => {
      const stored = await storedEvent('6000000002');
      return stored?.task_id ? stored : null;
    }, 'the task of the #task comment');
    expect(frame.id).toBe(row.figma_event_id);
    expect(frame.data).toMatchObject({
      kind: 'TASK',
      task_id: row.task_id,
      project: { project_id: world.projectId },
    });
  });

  it("sends nothing to a user of another organization subscribed to their own topics, who hears their own organization's", async () => {
    const outsider = await open(world.outsider.cookie);
    const member = await open(world.member.cookie);
    for (const topic of [
      topics.figmaEvents,
      topics.projects(world.outsiderOrganizationId),
      topics.myTasks,
      topics.inbox,
    ]) {
      expect(await outsider.subscribe(topic)).toMatchObject({ type: 'subscribed' });
    }
    await member.subscribe(topics.figmaEvents);
    const mark = outsider.mark();
    const memberMark = member.mark();

    await world.figma.deliverPlainComment({ webhookId: acmeWebhookId, commentId: '6000000003' });
    await member.next(figmaEventOf(world.organizationId), memberMark);

    // A comment on the outsider's own team arrives, after the other one: their socket listens.
    await world.figma.deliverPlainComment({
      webhookId: outsiderWebhookId,
      commentId: '6000000004',
      text: 'Elsewhere note',
    });
    const own = await outsider.next<EventFrame>(figmaEventOf(world.outsiderOrganizationId), mark);
    expect(own.data).toMatchObject({
      content: 'Elsewhere note',
      organization_id: world.outsiderOrganizationId,
    });

    const leaked = outsider
      .since(mark, isEvent)
      .filter((frame) => (frame as EventFrame).organizationId !== world.outsiderOrganizationId);
    expect(leaked).toEqual([]);
    // Nor does the member hear the outsider's organization.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(
      member
        .since(memberMark, isEvent)
        .filter((frame) => (frame as EventFrame).organizationId !== world.organizationId),
    ).toEqual([]);
  });

  it("refuses to name another organization in the topic, and that organization's own topics", async () => {
    const outsider = await open(world.outsider.cookie);
    // Figma events are one user-wide topic: there is no per-organization form to ask for.
    for (const topic of [
      `figma-events:${world.organizationId}`,
      `figma-events:${world.outsiderOrganizationId}`,
    ]) {
      expect(await outsider.subscribe(topic)).toMatchObject({ type: 'error', code: 'unknown-topic', topic });
    }
    const projects = topics.projects(world.organizationId);
    expect(await outsider.subscribe(projects)).toMatchObject({
      type: 'error',
      code: 'forbidden',
      topic: projects,
    });
  });

  it('stops at once for a member removed from the organization', async () => {
    const extra = await createUser(world.server, mail, { firstname: 'Rita', lastname: 'Removed' });
    await addMember(world.owner, world.organizationId, extra, mail);
    const removed = await open(extra.cookie);
    await removed.subscribe(topics.figmaEvents);
    let mark = removed.mark();
    await world.figma.deliverPlainComment({ webhookId: acmeWebhookId, commentId: '6000000005' });
    await removed.next(figmaEventOf(world.organizationId), mark);

    const ruleId = await ruleIdOf(world.server, world.organizationId, extra.userId);
    const response = await world.owner.api(`/api/organizations/${world.organizationId}/members/${ruleId}`, {
      method: 'DELETE',
    });
    expect(response.status).toBe(204);

    const member = await open(world.member.cookie);
    await member.subscribe(topics.figmaEvents);
    const memberMark = member.mark();
    mark = removed.mark();
    await world.figma.deliverPlainComment({ webhookId: acmeWebhookId, commentId: '6000000006' });
    await member.next(figmaEventOf(world.organizationId), memberMark);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(removed.since(mark, figmaEventOf(world.organizationId))).toEqual([]);
  });
});
