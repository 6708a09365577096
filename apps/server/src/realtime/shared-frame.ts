/** The first byte of a whole (FIN) text frame, RFC 6455 §5.2. */
const FINAL_TEXT = 0x81;

// What this speed device saves, what invalidates it, its benchmark: docs/machinery/shared-frames.md
/**
 * A text frame that many sockets receive, encoded and framed for the wire once instead of once per
 * socket: a server's frames are not masked (RFC 6455 §5.3), so the same bytes suit every socket.
 */
export class SharedFrame {
  private framed: Buffer | undefined;

  constructor(readonly payload: Buffer) {}

  static of(text: string): SharedFrame {
    return new SharedFrame(Buffer.from(text));
  }

  get text(): string {
    return this.payload.toString();
  }

  /** Header and payload: the bytes to write to a connection's TCP socket. */
  get wire(): Buffer {
    this.framed ??= Buffer.concat([frameHeader(this.payload.length), this.payload]);
    return this.framed;
  }
}

function frameHeader(length: number): Buffer {
  if (length < 126) return Buffer.from([FINAL_TEXT, length]);
  if (length < 0x10000) {
    const header = Buffer.from([FINAL_TEXT, 126, 0, 0]);
    header.writeUInt16BE(length, 2);
    return header;
  }
  const header = Buffer.alloc(10);
  header[0] = FINAL_TEXT;
  header[1] = 127;
  header.writeBigUInt64BE(BigInt(length), 2);
  return header;
}
