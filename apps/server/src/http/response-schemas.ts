import type { Readable } from 'node:stream';
import { z } from 'zod';

/**
 * A 204's declaration: the answer has no body. `type: 'null'` is what @fastify/swagger reads to show
 * a response without content; zod's own rendering of null would announce a JSON body.
 */
export const noContent = z.null().meta({ type: 'null', description: 'Done: the answer has no body.' });

/**
 * Bytes or a stream: the OpenAPI description shows them as a binary string (what `z.file()` renders).
 * Fastify sends a Buffer or a stream without running its serializer, so this schema never checks
 * them; it is typed as what routes send rather than as the `File` a browser would build.
 */
const fileBytes = z.file() as unknown as z.ZodType<Buffer | Readable>;

/** An answer that is a file, not JSON (an upload, a rendered image). */
export function fileAnswer(mediaType: string, description: string) {
  return { description, content: { [mediaType]: { schema: fileBytes } } };
}
