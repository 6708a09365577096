// @database pglite
import { type PresenceStateFrame, type ServerFrame, topics } from '@figgle/shared/realtime-protocol';
import type { TestServer } from '@figgle/test-support/test-server';
import { describe, expect, it } from 'vitest';
import { realtimeHubOf } from '../../src/features/realtime/routes.ts';
import { TestSocket } from './realtime-socket.ts';
import { type RealtimeWorld, realtimeWorldPerFile } from './realtime-world.ts';

let server: TestServer;
let world: RealtimeWorld;

realtimeWorldPerFile((started) => ({ server, world } = started));

const presenceOf =
  (organizationId: string, check: (frame: PresenceStateFrame) => boolean) => (frame: ServerFrame) =>
    frame.type === 'presence' && frame.organizationId === organizationId && check(frame);

describe('presence: who is viewing which project or task', () => {
  it('shows a member on a project page to the organization, and forgets them when the tab leaves or closes', async () => {
    const owner = await TestSocket.open(server.url, { cookie: world.owner.cookie });
    await owner.subscribe(topics.presence);
    await owner.next(presenceOf(world.organizationId, (f) => f.members.length === 0));

    const member = await TestSocket.open(server.url, { cookie: world.member.cookie });
    let mark = owner.mark();
    const route = `/project/${world.projectId}/kanban`;
    member.send({ type: 'presence', route });
    const seen = await owner.next<PresenceStateFrame>(
      presenceOf(world.organizationId, (f) => f.members.length > 0),
      mark,
    );
    expect(seen.members).toEqual([
      { userId: world.member.userId, firstname: 'Mia', lastname: 'Member', route },
    ]);

    mark = owner.mark();
    member.send({ type: 'presence', route: `/task/${world.taskId}` });
    await owner.next(
      presenceOf(world.organizationId, (f) => f.members[0]?.route === `/task/${world.taskId}`),
      mark,
    );

    mark = owner.mark();
    member.send({ type: 'presence', route: '/settings/profile' });
    await owner.next(
      presenceOf(world.organizationId, (f) => f.members.length === 0),
      mark,
    );

    member.send({ type: 'presence', route });
    await owner.next(
      presenceOf(world.organizationId, (f) => f.members.length === 1),
      owner.mark(),
    );
    mark = owner.mark();
    member.close();
    await owner.next(
      presenceOf(world.organizationId, (f) => f.members.length === 0),
      mark,
    );
    owner.close();
  });

  it('forgets a socket that misses its heartbeats', async () => {
    const owner = await TestSocket.open(server.url, { cookie: world.owner.cookie });
    await owner.subscribe(topics.presence);
    const member = await TestSocket.open(server.url, { cookie: world.member.cookie });
    member.send({ type: 'presence', route: `/task/${world.taskId}` });
    await owner.next(
      presenceOf(world.organizationId, (f) => f.members.length === 1),
      owner.mark(),
    );

    // The owner keeps pinging; the member goes silent past two beats and the timeout.
    const hub = realtimeHubOf(server.deps)!;
    const later = Date.now() + hub.heartbeatMs * 2 + 11_000;
    for (const connection of hub.connections.values()) {
      if (connection.user.userId === world.owner.userId) connection.lastSeen = later;
    }
    const mark = owner.mark();
    hub.sweep(later);
    expect((await member.closed).code).toBe(4408);
    await owner.next(
      presenceOf(world.organizationId, (f) => f.members.length === 0),
      mark,
    );
    owner.close();
  });

  it('never shares a route the member may not see, nor with another organization', async () => {
    const outsider = await TestSocket.open(server.url, { cookie: world.outsider.cookie });
    await outsider.subscribe(topics.presence);
    const owner = await TestSocket.open(server.url, { cookie: world.owner.cookie });
    await owner.subscribe(topics.presence);

    const member = await TestSocket.open(server.url, { cookie: world.member.cookie });
    // The member names the outsider's project: not theirs, so nobody is told.
    member.send({ type: 'presence', route: `/project/${world.outsiderProjectId}/list` });
    member.send({ type: 'presence', route: `/project/${world.projectId}/list` });
    await owner.next(
      presenceOf(world.organizationId, (f) => f.members.length === 1),
      0,
    );

    const hub = realtimeHubOf(server.deps)!;
    expect(hub.presence.membersOf(world.outsiderOrganizationId)).toEqual([]);
    expect(
      outsider.frames.filter(
        (f) => f.type === 'presence' && f.organizationId !== world.outsiderOrganizationId,
      ),
    ).toEqual([]);
    for (const socket of [outsider, owner, member]) socket.close();
  });
});
