// @database pglite
import { CLOSE_CODES } from '@figgle/shared/realtime-protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Bus, createInProcessBus } from './bus.ts';
import type { RealtimeSocket, SocketSession } from './connection.ts';
import type { EntityLoader } from './fan-out.ts';
import { RealtimeHub } from './hub.ts';
import type { SharedFrame } from './shared-frame.ts';

/** A socket that records how it was closed. */
class RecordingSocket implements RealtimeSocket {
  readyState = 1;
  bufferedAmount = 0;
  closedWith: number | null = null;
  sendText(): void {}
  sendShared(_frame: SharedFrame): void {}
  close(code = 1000): void {
    this.closedWith = code;
    this.readyState = 3;
  }
  terminate(): void {
    this.closedWith = 1006;
    this.readyState = 3;
  }
}

const noLoads = {} as EntityLoader;
const silent = { warn: () => {}, error: () => {} };
const REVALIDATE_MS = 5 * 60_000;

let hubs: RealtimeHub[] = [];
afterEach(async () => {
  await Promise.all(hubs.map((hub) => hub.close()));
  hubs = [];
});

function hubOn(bus: Bus): RealtimeHub {
  const hub = new RealtimeHub({
    bus,
    access: {
      authorize: async () => 'forbidden',
      routeOrganization: async () => null,
      organizationsOf: async () => [],
    },
    loader: noLoads,
    log: silent,
    revalidateMs: REVALIDATE_MS,
  });
  hubs.push(hub);
  return hub;
}

async function open(hub: RealtimeHub, session: SocketSession, valid = true) {
  const socket = new RecordingSocket();
  const revalidate = vi.fn(async () => valid);
  const user = { userId: `profile-of-${session.authUserId}`, firstname: 'A', lastname: 'B' };
  const connection = await hub.accept(socket, { user, revalidate, session });
  return { socket, connection, revalidate };
}

describe('the hub and ended sessions', () => {
  it('closes the sockets of the ended sessions of that account, and only those', async () => {
    const bus = createInProcessBus();
    const hub = hubOn(bus);
    const ended = await open(hub, { authUserId: 'ann', key: 'k1' });
    const sameAccountOtherSession = await open(hub, { authUserId: 'ann', key: 'k2' });
    const otherAccountSameKey = await open(hub, { authUserId: 'bob', key: 'k1' });
    bus.endSessions({ authUserId: 'ann', sessions: ['k1'] });
    expect(ended.socket.closedWith).toBe(CLOSE_CODES.signedOut);
    expect(hub.connections.has(ended.connection.id)).toBe(false);
    expect(sameAccountOtherSession.socket.closedWith).toBeNull();
    expect(otherAccountSameKey.socket.closedWith).toBeNull();
  });

  it('closes every session of the account but the one kept', async () => {
    const bus = createInProcessBus();
    const hub = hubOn(bus);
    const kept = await open(hub, { authUserId: 'ann', key: 'k1' });
    const other = await open(hub, { authUserId: 'ann', key: 'k2' });
    bus.endSessions({ authUserId: 'ann', except: 'k1' });
    expect(kept.socket.closedWith).toBeNull();
    expect(other.socket.closedWith).toBe(CLOSE_CODES.signedOut);
  });

  it('closes a socket whose opening was under way when its session ended', async () => {
    const bus = createInProcessBus();
    const hub = hubOn(bus);
    bus.endSessions({ authUserId: 'ann', sessions: ['late'] });
    const late = await open(hub, { authUserId: 'ann', key: 'late' });
    expect(late.socket.closedWith).toBe(CLOSE_CODES.signedOut);
    expect(hub.connections.has(late.connection.id)).toBe(false);
  });

  it('checks every session again within 30 s after the bus was down, as an ended one may have been missed', async () => {
    let resync: () => void = () => {};
    const bus: Bus = {
      ...createInProcessBus(),
      onResync: (handler) => {
        resync = handler;
        return () => {};
      },
    };
    const hub = hubOn(bus);
    const signedOutMeanwhile = await open(hub, { authUserId: 'ann', key: 'k1' }, false);
    const stillValid = await open(hub, { authUserId: 'bob', key: 'k2' }, true);
    const now = Date.now();
    hub.sweep(now + 1_000);
    expect(signedOutMeanwhile.revalidate).not.toHaveBeenCalled();

    resync();
    hub.sweep(now + 31_000);
    expect(signedOutMeanwhile.revalidate).toHaveBeenCalledOnce();
    expect(stillValid.revalidate).toHaveBeenCalledOnce();
    await vi.waitFor(() => expect(signedOutMeanwhile.socket.closedWith).toBe(CLOSE_CODES.signedOut));
    expect(stillValid.socket.closedWith).toBeNull();
  });
});
