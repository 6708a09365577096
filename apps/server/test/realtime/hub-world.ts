import type { Bus, BusEvent } from '../../src/realtime/bus.ts';
import type { RealtimeSocket } from '../../src/realtime/connection.ts';
import type { EntityLoader } from '../../src/realtime/fan-out.ts';
import { RealtimeHub } from '../../src/realtime/hub.ts';
import type { SharedFrame } from '../../src/realtime/shared-frame.ts';

/** What the unit tests of the hub (src/realtime/hub-*.test.ts) share: sockets, a hub, events. */

/** A frame as received: its type, and the events of an `events` or `batch` frame. */
export type Frame = { type: string; id?: string; events?: Frame[] };

/** Records every frame, its own or shared, as text. */
export class RecordingSocket implements RealtimeSocket {
  readyState = 1;
  bufferedAmount = 0;
  readonly texts: string[] = [];
  sendText(text: string): void {
    this.texts.push(text);
  }
  sendShared(frame: SharedFrame): void {
    this.texts.push(frame.text);
  }
  close(): void {
    this.readyState = 3;
  }
  terminate(): void {
    this.readyState = 3;
  }
  /** Every frame so far, parsed. */
  frames(): Frame[] {
    return this.texts.map((text) => JSON.parse(text) as Frame);
  }
}

const ORGANIZATION = '00000000-0000-4000-8000-000000000001';
export const PROJECT = '00000000-0000-4000-8000-000000000002';

/** A loader whose read of a task takes `readMs` (0: another turn of the loop). */
export function taskLoader(readMs: number): EntityLoader {
  return {
    task: async (taskId: string) => {
      await new Promise<void>((resolve) => setTimeout(resolve, readMs));
      return { summary: { task_id: taskId }, detail: { task_id: taskId }, myTask: null };
    },
  } as unknown as EntityLoader;
}

/** A hub on `bus` that lets every socket see all of ORGANIZATION, and logs nothing. */
export function openHub(bus: Bus, loader: EntityLoader): RealtimeHub {
  return new RealtimeHub({
    bus,
    access: {
      authorize: async () => ({ organizationId: ORGANIZATION }),
      routeOrganization: async () => null,
      organizationsOf: async () => [ORGANIZATION],
    },
    loader,
    log: { warn: () => {}, error: () => {} },
  });
}

/** A change of a task of PROJECT by someone else, one of a batch when `batch` is given. */
export const taskChanged = (taskId: string, batch?: BusEvent['batch']): BusEvent => ({
  kind: 'task',
  action: 'updated',
  id: taskId,
  organizationId: ORGANIZATION,
  projectId: PROJECT,
  taskId,
  actorId: 'someone-else',
  batch,
});
