/**
 * What a file is, read from its first bytes: what the browser said it uploaded is never trusted.
 * Anything unrecognised is text when it decodes as UTF-8 without control bytes, else opaque bytes.
 * SVG and HTML are deliberately text: served as image/svg+xml or text/html they could run script.
 */
interface Signature {
  type: string;
  offset?: number;
  bytes: number[];
  /** A second marker further on (RIFF containers name their format at byte 8). */
  also?: { offset: number; bytes: number[] };
}

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

const SIGNATURES: Signature[] = [
  { type: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
  { type: 'image/gif', bytes: ascii('GIF87a') },
  { type: 'image/gif', bytes: ascii('GIF89a') },
  { type: 'image/webp', bytes: ascii('RIFF'), also: { offset: 8, bytes: ascii('WEBP') } },
  { type: 'audio/wav', bytes: ascii('RIFF'), also: { offset: 8, bytes: ascii('WAVE') } },
  { type: 'application/pdf', bytes: ascii('%PDF-') },
  { type: 'application/zip', bytes: [0x50, 0x4b, 0x03, 0x04] },
  { type: 'application/zip', bytes: [0x50, 0x4b, 0x05, 0x06] },
  { type: 'application/gzip', bytes: [0x1f, 0x8b] },
  { type: 'application/x-7z-compressed', bytes: [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c] },
  { type: 'application/x-rar-compressed', bytes: ascii('Rar!\u001a\u0007') },
  { type: 'video/mp4', offset: 4, bytes: ascii('ftyp') },
  { type: 'video/webm', bytes: [0x1a, 0x45, 0xdf, 0xa3] },
  { type: 'audio/mpeg', bytes: ascii('ID3') },
  { type: 'audio/ogg', bytes: ascii('OggS') },
  { type: 'application/vnd.ms-office', bytes: [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1] },
];

const startsWith = (data: Buffer, offset: number, bytes: number[]) =>
  data.length >= offset + bytes.length && bytes.every((byte, i) => data[offset + i] === byte);

const TEXT_TYPE = 'text/plain; charset=utf-8';
const BINARY_TYPE = 'application/octet-stream';

/** Images a browser may show inline from our origin (raster only). */
export const INLINE_IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

function looksLikeText(data: Buffer): boolean {
  const sample = data.subarray(0, 8192);
  // A cut in the middle of a multi-byte character at the sample's end is not a reason to say binary.
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    decoder.decode(sample, { stream: sample.length < data.length });
  } catch {
    return false;
  }
  for (const byte of sample) {
    if (byte < 0x09 || (byte > 0x0d && byte < 0x20 && byte !== 0x1b) || byte === 0x7f) return false;
  }
  return true;
}

export function sniffContentType(data: Buffer): string {
  for (const signature of SIGNATURES) {
    if (!startsWith(data, signature.offset ?? 0, signature.bytes)) continue;
    if (signature.also && !startsWith(data, signature.also.offset, signature.also.bytes)) continue;
    return signature.type;
  }
  return looksLikeText(data) ? TEXT_TYPE : BINARY_TYPE;
}
