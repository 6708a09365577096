import { SOCKETS_PER_PERSON, SOCKETS_PER_SESSION } from '@figgle/shared/realtime-protocol';

/**
 * Open sockets counted per session, person and client address on this server. Each socket holds
 * memory and a share of every event's fan-out: without a cap one signed-in client opened 300 in
 * under 2 s (issue 37). `take` counts a socket, or says no when any of its counts is full. The
 * address's cap is a setting (REALTIME_SOCKETS_PER_ADDRESS): how many people share one address
 * depends on the office.
 */
export class SocketCaps {
  private readonly counts = new Map<string, number>();

  constructor(private readonly perAddress: number) {}

  take(keys: { session: string; person: string; address: string }): (() => void) | null {
    const counted: Array<[string, number]> = [
      [`session:${keys.session}`, SOCKETS_PER_SESSION],
      [`person:${keys.person}`, SOCKETS_PER_PERSON],
      [`address:${keys.address}`, this.perAddress],
    ];
    if (counted.some(([key, cap]) => (this.counts.get(key) ?? 0) >= cap)) return null;
    for (const [key] of counted) this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      for (const [key] of counted) {
        const left = (this.counts.get(key) ?? 1) - 1;
        if (left > 0) this.counts.set(key, left);
        else this.counts.delete(key);
      }
    };
  }
}
