import type { ApiError } from '@figgle/shared/errors';
import type { EstimateScale } from '@figgle/shared/estimate';
import type { ImportAnalysis, ImportFormat, ImportProblem } from '@figgle/shared/import-schemas';
import type { ImportLabel, ImportPlanning, ImportStructure, ImportTask } from './import-item.ts';
import type { ImportMapping } from './read-import-file.ts';

/** What the server asks of a file-reader thread (file-reader-thread.ts); the bytes are moved, not copied. */
export type FileReaderRequest =
  | { kind: 'analyse'; bytes: Uint8Array }
  | { kind: 'plan'; bytes: Uint8Array; format: ImportFormat; mapping: ImportMapping; from: number }
  | { kind: 'next' };

/** What the thread answers: one reply per request. */
export type FileReaderReply =
  | { kind: 'analysed'; format: ImportFormat; analysis: ImportAnalysis }
  | {
      kind: 'planned';
      taskCount: number;
      labels: ImportLabel[];
      skipped: ImportProblem[];
      estimateScale?: EstimateScale;
      structure?: ImportStructure;
      planning?: ImportPlanning;
    }
  | { kind: 'batch'; tasks: ImportTask[] | null }
  /** The file cannot be imported, said to the person as the request's answer. */
  | { kind: 'refused'; statusCode: number; code: string; message: string; issues?: ApiError['issues'] }
  | { kind: 'failed'; message: string };
