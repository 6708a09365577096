import type { PGlite } from '@electric-sql/pglite';

type Protocol = Pick<PGlite, 'execProtocolStream' | 'waitReady'>;
type Messages = Awaited<ReturnType<PGlite['execProtocolStream']>>;

/** Extended-protocol messages that only queue work until a Sync or Flush asks for the answers. */
const DEFERRABLE = new Set(['P', 'B', 'D', 'E', 'C'].map((letter) => letter.charCodeAt(0)));

// What this speed device saves, what invalidates it, its benchmark: docs/machinery/pglite-batching.md
/**
 * PGlite's node-postgres bridge hands each protocol message to PGlite on its own: Parse, Bind,
 * Describe, Execute and Sync are five entries into the WebAssembly PostgreSQL per query, each with
 * its own buffers and file-system sync. PostgreSQL reads a batch of messages just as well (it is
 * what a socket delivers), so this holds the deferrable messages back and hands them over with the
 * message that asks for the answers: one entry per query. The bridge still gets every answer, in
 * order; the held messages get an empty list, as PostgreSQL sends nothing for them before a Sync.
 */
export function batchingProtocol(pglite: PGlite): Protocol {
  let held: Uint8Array[] = [];
  return {
    waitReady: pglite.waitReady,
    execProtocolStream(message, options): Promise<Messages> {
      if (message.length > 0 && DEFERRABLE.has(message[0]!)) {
        held.push(message);
        return Promise.resolve([]);
      }
      if (held.length === 0) return pglite.execProtocolStream(message, options);
      const batch = concat([...held, message]);
      held = [];
      return pglite.execProtocolStream(batch, options);
    },
  };
}

function concat(parts: Uint8Array[]): Uint8Array {
  let length = 0;
  for (const part of parts) length += part.length;
  const joined = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    joined.set(part, offset);
    offset += part.length;
  }
  return joined;
}
