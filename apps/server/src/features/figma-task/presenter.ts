/**
 * A design node's picture as it leaves: a PNG, kept an hour by the signed-in person's browser only
 * (it shows a private design), never sniffed as anything else.
 */
export function presentNodeImage(bytes: Buffer) {
  return {
    headers: {
      'content-type': 'image/png',
      'cache-control': 'private, max-age=3600',
      'x-content-type-options': 'nosniff',
    },
    body: bytes,
  };
}
