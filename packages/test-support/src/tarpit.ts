import net from 'node:net';

/**
 * A webhook receiver at its worst: it accepts TCP connections on loopback and never answers. Counts
 * the connections it holds.
 */
export class Tarpit {
  readonly held = new Set<net.Socket>();
  private readonly server = net.createServer((socket) => {
    this.held.add(socket);
    socket.on('error', () => {});
    socket.on('close', () => this.held.delete(socket));
  });

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return this;
  }

  url(): string {
    return `http://127.0.0.1:${(this.server.address() as net.AddressInfo).port}/hook`;
  }

  async stop(): Promise<void> {
    for (const socket of this.held) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
