import { parentPort } from 'node:worker_threads';
import type { ImportFormat } from '@figgle/shared/import-schemas';
import { HttpError } from '../../http/errors.ts';
import type { FileReaderReply, FileReaderRequest } from './file-reader-messages.ts';
import { packTasks } from './import-batches.ts';
import { analyseImportFile, type ImportMapping, planImportFile } from './read-import-file.ts';

/**
 * The thread that reads a file to import (read-in-thread.ts starts one per file). Parsing a 48 MB
 * Trello board takes seconds of JSON.parse and walking its cards: on the server's one event loop that
 * held every request, /healthz included, for as long (issue 37, item 6). Here it holds only this
 * thread, and the parsed file lives and dies in this thread's heap.
 */
const port = parentPort;
if (!port) throw new Error('file-reader-thread.ts runs as a worker thread (read-in-thread.ts).');

function failure(error: unknown): FileReaderReply {
  if (error instanceof HttpError)
    return {
      kind: 'refused',
      statusCode: error.statusCode,
      code: error.code,
      message: error.message,
      issues: error.issues,
    };
  return { kind: 'failed', message: error instanceof Error ? error.message : String(error) };
}

/** The file sent in chunks: one buffer of the size announced, filled as they come. */
let file = new Uint8Array(0);
let filled = 0;

function receive(request: Extract<FileReaderRequest, { kind: 'begin' | 'chunk' }>): void {
  if (request.kind === 'begin') {
    file = new Uint8Array(request.size);
    filled = 0;
    return;
  }
  if (filled + request.bytes.length > file.length) {
    // More than announced (a file replaced in storage): the buffer grows.
    const larger = new Uint8Array(Math.max(file.length * 2, filled + request.bytes.length));
    larger.set(file.subarray(0, filled));
    file = larger;
  }
  file.set(request.bytes, filled);
  filled += request.bytes.length;
}

/**
 * The file's bytes, given with the request or sent before it. The thread keeps no reference to those
 * sent: once read, they go with the garbage while the tasks are packed.
 */
function takeBytes(request: { bytes?: Uint8Array }): Uint8Array {
  const bytes = request.bytes ?? file.subarray(0, filled);
  file = new Uint8Array(0);
  filled = 0;
  return bytes;
}

port.on('message', (request: FileReaderRequest) => {
  if (request.kind === 'begin' || request.kind === 'chunk') {
    receive(request);
    return;
  }
  try {
    if (request.kind === 'analyse') {
      const read = analyseImportFile(takeBytes(request));
      port.postMessage({ kind: 'analysed', format: read.format, analysis: read.analysis } as FileReaderReply);
      return;
    }
    const plan = planImportFile(
      request.format as ImportFormat,
      takeBytes(request),
      request.mapping as ImportMapping,
    );
    // Packed as they are read (a Trello board's tasks are made one at a time), so the thread never
    // holds every task as objects; the packed text is moved to the server, and the thread ends.
    const tasks = packTasks(plan.tasks, request.from);
    const reply: FileReaderReply = {
      kind: 'planned',
      taskCount: plan.taskCount,
      labels: plan.labels,
      skipped: plan.skipped,
      estimateScale: plan.estimateScale,
      structure: plan.structure,
      planning: plan.planning,
      tasks,
    };
    port.postMessage(reply, [tasks.text.buffer, tasks.ends.buffer, tasks.rows.buffer] as ArrayBuffer[]);
  } catch (error) {
    port.postMessage(failure(error));
  }
});
