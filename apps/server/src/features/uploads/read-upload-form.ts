import { Readable } from 'node:stream';
import type { MultipartFile, MultipartValue } from '@fastify/multipart';
import { hasControlCharacters } from '@figgle/shared/display-text';
import { uploadTooLargeMessage } from '@figgle/shared/upload-schemas';
import { badRequest, HttpError } from '../../http/errors.ts';
import type { ReceivedFile, Storage } from '../../storage/storage.ts';
import { sniffContentType } from './sniff-content-type.ts';

/** PNG and JPEG only for the image input (docs/product.md#uploads), checked on the bytes, not the name. */
const IMAGE_KINDS = new Set(['image/png', 'image/jpeg']);
/** What sniffContentType reads of a file, and one byte more to know whether more follows. */
const SNIFFED_BYTES = 8192 + 1;

export const FIELDS_FIRST_MESSAGE =
  'Send the folder (and kind) fields before the file: the folder is checked before the file is read.';

export const tooLarge = (maxBytes: number) =>
  new HttpError(413, 'payload_too_large', uploadTooLargeMessage(maxBytes));

export interface UploadForm {
  folder: string;
  fileName: string;
  contentType: string;
  /** In the storage's holding area: kept at its path or discarded by the caller. */
  file: ReceivedFile;
}

/**
 * A name that tries to climb folders or carries control or text-direction characters (which make
 * 'invoice\u202Etxt.exe' show as 'invoiceexe.txt') is refused, not silently cleaned.
 */
function checkFileName(name: string): void {
  if (!name.trim() || name.length > 255 || /[/\\]|\.\./.test(name) || hasControlCharacters(name)) {
    throw badRequest('The file name must be a plain name: no folder, no "..", at most 255 characters.', [
      { path: 'file', message: 'has an invalid name' },
    ]);
  }
}

function checkKind(kind: string | undefined): 'image' | 'file' {
  if (kind === undefined || kind === 'file') return 'file';
  if (kind === 'image') return 'image';
  throw badRequest('The kind must be "image" or "file".', [
    { path: 'kind', message: 'must be image or file' },
  ]);
}

/** The file's first bytes, read off the stream without ending it (the rest follows from `chunks`). */
async function readHead(chunks: AsyncIterator<Buffer>): Promise<Buffer> {
  const head: Buffer[] = [];
  let length = 0;
  while (length < SNIFFED_BYTES) {
    const next = await chunks.next();
    if (next.done) break;
    head.push(next.value);
    length += next.value.length;
  }
  return Buffer.concat(head);
}

async function* headThenRest(head: Buffer, chunks: AsyncIterator<Buffer>): AsyncGenerator<Buffer> {
  yield head;
  for (;;) {
    const next = await chunks.next();
    if (next.done) return;
    yield next.value;
  }
}

/**
 * The file part, streamed into storage's holding area once its first bytes say what it is. Past
 * maxBytes the stream fails with 413 and storage drops what it had written.
 */
async function receiveFile(
  part: MultipartFile,
  kind: 'image' | 'file',
  storage: Storage,
  maxBytes: number,
): Promise<Omit<UploadForm, 'folder'>> {
  part.file.once('limit', () => part.file.destroy(tooLarge(maxBytes)));
  const chunks = part.file[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const head = await readHead(chunks);
  if (head.length === 0) throw badRequest('The file is empty.', [{ path: 'file', message: 'is empty' }]);
  const contentType = sniffContentType(head);
  if (kind === 'image' && !IMAGE_KINDS.has(contentType)) {
    throw new HttpError(415, 'unsupported_media_type', 'Images must be PNG or JPEG files.');
  }
  const file = await storage.receive(Readable.from(headThenRest(head, chunks), { objectMode: false }));
  return { fileName: part.filename, contentType, file };
}

const ONE_FILE_MESSAGE = 'Send one file, in the field "file".';

/**
 * Reads multipart/form-data with the fields folder and kind, then the file: the folder is checked
 * (checkFolder: 400 or 404) before a byte of the file is read, and the file goes to storage as it
 * arrives, never whole in memory. A form naming its folder after the file is refused with 400.
 */
export async function readUploadForm(
  parts: AsyncIterableIterator<MultipartFile | MultipartValue>,
  options: {
    storage: Storage;
    maxBytes: number;
    checkFolder: (folder: string | undefined) => Promise<string>;
  },
): Promise<UploadForm> {
  const fields: { folder?: string; kind?: string } = {};
  let received: UploadForm | undefined;
  let reading: MultipartFile | undefined;
  try {
    for await (const part of parts) {
      if (part.type === 'file') {
        reading = part;
        if (part.fieldname !== 'file' || received) throw badRequest(ONE_FILE_MESSAGE);
        checkFileName(part.filename);
        if (fields.folder === undefined)
          throw badRequest(FIELDS_FIRST_MESSAGE, [{ path: 'folder', message: 'must come before the file' }]);
        const folder = await options.checkFolder(fields.folder);
        const kind = checkKind(fields.kind);
        received = { folder, ...(await receiveFile(part, kind, options.storage, options.maxBytes)) };
        reading = undefined;
      } else if (part.fieldname === 'folder' || part.fieldname === 'kind') {
        if (received)
          throw badRequest(FIELDS_FIRST_MESSAGE, [
            { path: part.fieldname, message: 'must come before the file' },
          ]);
        fields[part.fieldname] = typeof part.value === 'string' ? part.value : undefined;
      }
    }
  } catch (error) {
    // A file part left unread would hold the request's stream: ending it lets the request be drained.
    if (reading && !reading.file.readableEnded) reading.file.destroy();
    await received?.file.discard();
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(options.maxBytes);
    if (code === 'FST_FILES_LIMIT') throw badRequest(ONE_FILE_MESSAGE);
    if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT')
      throw badRequest('The form has too many fields.');
    if (code === 'FST_MP_PREMATURE_CLOSE') throw badRequest('The upload was cut off before its end.');
    throw error;
  }
  if (!received) {
    await options.checkFolder(fields.folder);
    checkKind(fields.kind);
    throw badRequest('Choose a file to upload.', [{ path: 'file', message: 'is required' }]);
  }
  return received;
}
