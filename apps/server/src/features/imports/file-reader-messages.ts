import type { ApiError } from '@figgle/shared/errors';
import type { ImportAnalysis, ImportFormat } from '@figgle/shared/import-schemas';
import type { PackedTasks } from './import-batches.ts';
import type { ImportPlan } from './import-item.ts';
import type { ImportMapping } from './read-import-file.ts';

/**
 * What the server asks of a file-reader thread (file-reader-thread.ts). The file comes with the
 * request (its bytes moved, not copied), or before it: `begin`, then its chunks as they are read from
 * storage, answered by nothing.
 */
export type FileReaderRequest =
  | { kind: 'begin'; size: number }
  | { kind: 'chunk'; bytes: Uint8Array }
  | { kind: 'analyse'; bytes?: Uint8Array }
  | { kind: 'plan'; bytes?: Uint8Array; format: ImportFormat; mapping: ImportMapping; from: number };

/** What the thread answers: one reply per request. */
export type FileReaderReply =
  | { kind: 'analysed'; format: ImportFormat; analysis: ImportAnalysis }
  | (Omit<ImportPlan, 'tasks'> & {
      kind: 'planned';
      /** The tasks to write, packed (import-batches.ts); the thread keeps nothing after. */
      tasks: PackedTasks;
    })
  /** The file cannot be imported, said to the person as the request's answer. */
  | { kind: 'refused'; statusCode: number; code: string; message: string; issues?: ApiError['issues'] }
  | { kind: 'failed'; message: string };
