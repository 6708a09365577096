import { parentPort } from 'node:worker_threads';
import type { ImportFormat } from '@figgle/shared/import-schemas';
import { HttpError } from '../../http/errors.ts';
import type { FileReaderReply, FileReaderRequest } from './file-reader-messages.ts';
import { batchesOf } from './import-batches.ts';
import type { ImportTask } from './import-item.ts';
import { analyseImportFile, type ImportMapping, planImportFile } from './read-import-file.ts';

/**
 * The thread that reads a file to import (read-in-thread.ts starts one per file). Parsing a 48 MB
 * Trello board takes seconds of JSON.parse and walking its cards: on the server's one event loop that
 * held every request, /healthz included, for as long (issue 37, item 6). Here it holds only this
 * thread, and the parsed file lives and dies in this thread's heap.
 */
const port = parentPort;
if (!port) throw new Error('file-reader-thread.ts runs as a worker thread (read-in-thread.ts).');

const decode = (bytes: Uint8Array) => new TextDecoder('utf-8').decode(bytes);

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

let batches: Generator<ImportTask[]> | undefined;

port.on('message', (request: FileReaderRequest) => {
  try {
    if (request.kind === 'analyse') {
      const read = analyseImportFile(decode(request.bytes));
      port.postMessage({ kind: 'analysed', format: read.format, analysis: read.analysis } as FileReaderReply);
      return;
    }
    if (request.kind === 'plan') {
      const plan = planImportFile(
        request.format as ImportFormat,
        decode(request.bytes),
        request.mapping as ImportMapping,
      );
      batches = batchesOf(plan.tasks, request.from);
      port.postMessage({
        kind: 'planned',
        taskCount: plan.taskCount,
        labels: plan.labels,
        skipped: plan.skipped,
        estimateScale: plan.estimateScale,
        structure: plan.structure,
        planning: plan.planning,
      } as FileReaderReply);
      return;
    }
    // 'next': the next batch of the plan, or none when all were sent.
    const next = batches?.next();
    port.postMessage({ kind: 'batch', tasks: next && !next.done ? next.value : null } as FileReaderReply);
  } catch (error) {
    port.postMessage(failure(error));
  }
});
