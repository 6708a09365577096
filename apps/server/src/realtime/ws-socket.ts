import type { Socket } from 'node:net';
import type WebSocket from 'ws';
import type { RealtimeSocket } from './connection.ts';
import type { SharedFrame } from './shared-frame.ts';

/** The part of `ws`'s internals used here: the TCP socket under the websocket. */
interface WithTcpSocket {
  _socket?: Socket | null;
}

// What this speed device saves, what invalidates it, its benchmark: docs/machinery/shared-frames.md
/**
 * A `ws` websocket as the hub uses it. A frame shared by many sockets is written to each TCP socket
 * as it is, framed once: through `ws.send` each socket would frame, cork and write it again, a large
 * share of the fan-out's time and garbage (bench/realtime, docs/decisions/0008-speed-devices.md).
 */
export class WsRealtimeSocket implements RealtimeSocket {
  /**
   * With no extension (compression) negotiated, `ws` writes each frame whole and at once, so a frame
   * written straight to the TCP socket between two of its own keeps the order. Fixed at the upgrade.
   */
  private readonly writesFramesWhole: boolean;

  constructor(private readonly ws: WebSocket) {
    this.writesFramesWhole = ws.extensions === '';
  }

  get readyState(): number {
    return this.ws.readyState;
  }

  get bufferedAmount(): number {
    return this.ws.bufferedAmount;
  }

  sendText(text: string): void {
    this.ws.send(text);
  }

  sendShared(frame: SharedFrame): void {
    const tcp = (this.ws as unknown as WithTcpSocket)._socket;
    if (this.writesFramesWhole && tcp?.writable) tcp.write(frame.wire);
    else this.ws.send(frame.payload, { binary: false });
  }

  close(code?: number, reason?: string): void {
    this.ws.close(code, reason);
  }

  terminate(): void {
    this.ws.terminate();
  }
}
