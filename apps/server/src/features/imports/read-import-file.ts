import type { CsvColumn, ImportAnalysis, ImportFormat } from '@figgle/shared/import-schemas';
import type { TaskStatus } from '../../db/schema.ts';
import { badRequest } from '../../http/errors.ts';
import { analyseCsv, planCsv, readCsv } from './formats/csv.ts';
import { analyseFiggle, looksLikeFiggle, planFiggle, readFiggleExport } from './formats/figgle.ts';
import {
  analyseTrello,
  looksLikeTrello,
  planTrello,
  readTrelloBoard,
  readTrelloBytes,
} from './formats/trello.ts';
import type { ImportPlan } from './import-item.ts';

export interface ImportMapping {
  trelloLists?: Record<string, TaskStatus>;
  csvColumns?: Array<CsvColumn | null>;
  /** Trello: checklist items become sub-tasks of their card's task. */
  trelloChecklistsAsSubtasks?: boolean;
}

const unreadable = (message: string) => badRequest(message, [{ path: 'file', message }]);

/**
 * JSON by its first character, else CSV. A JSON file that does not parse (cut short, malformed) is
 * refused with where it broke; parsed JSON must be a Trello board.
 */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    const where = error instanceof SyntaxError ? ` (${error.message})` : '';
    throw unreadable(
      `The file is not valid JSON${where}: it may be cut short. Export it again and import the new file.`,
    );
  }
}

function isJson(text: string): boolean {
  return /^\uFEFF?\s*[[{]/.test(text);
}

const decode = (bytes: Uint8Array) => new TextDecoder('utf-8').decode(bytes);

/**
 * A Trello board read an element at a time from the bytes (readTrelloBytes), or null when the file
 * is anything else or broken: then it is read whole, as text, and refused as before where it breaks.
 */
function trelloFromBytes(
  bytes: Uint8Array,
  options?: { comments: boolean },
): ReturnType<typeof readTrelloBoard> | null {
  try {
    return readTrelloBytes(bytes, options);
  } catch (error) {
    if (error instanceof SyntaxError) return null;
    throw error;
  }
}

/** What the file is and holds, or a 400 saying why it cannot be imported. Nothing is written. */
export function analyseImportFile(bytes: Uint8Array): { format: ImportFormat; analysis: ImportAnalysis } {
  // Its comments are only counted.
  const board = trelloFromBytes(bytes, { comments: false });
  if (board) {
    if ('error' in board) throw unreadable(board.error);
    return { format: 'trello', analysis: analyseTrello(board.board) };
  }
  const text = decode(bytes);
  if (isJson(text)) {
    const json = parseJson(text.replace(/^\uFEFF/, ''));
    if (looksLikeFiggle(json)) {
      const figgle = readFiggleExport(json);
      if ('error' in figgle) throw unreadable(figgle.error);
      return { format: 'figgle', analysis: analyseFiggle(figgle.file) };
    }
    if (!looksLikeTrello(json))
      throw unreadable('This JSON file is neither a Trello board export nor a Figgle project export.');
    const read = readTrelloBoard(json);
    if ('error' in read) throw unreadable(read.error);
    return { format: 'trello', analysis: analyseTrello(read.board) };
  }
  if (text.includes('\u0000')) throw unreadable('This file is neither a CSV file nor a JSON export.');
  const read = readCsv(text);
  if ('error' in read) throw unreadable(read.error);
  return { format: 'csv', analysis: analyseCsv(read.table) };
}

/** The tasks to write, read again from the stored file with the confirmed mapping (in the import job). */
export function planImportFile(format: ImportFormat, bytes: Uint8Array, mapping: ImportMapping): ImportPlan {
  if (format === 'trello') {
    const read = trelloFromBytes(bytes) ?? readTrelloBoard(parseJson(decode(bytes).replace(/^\uFEFF/, '')));
    if ('error' in read) throw unreadable(read.error);
    return planTrello(read.board, mapping.trelloLists ?? {}, {
      checklistsAsSubtasks: mapping.trelloChecklistsAsSubtasks === true,
    });
  }
  const text = decode(bytes);
  if (format === 'csv') {
    return planCsv(text, mapping.csvColumns ?? []);
  }
  const figgle = readFiggleExport(parseJson(text.replace(/^\uFEFF/, '')));
  if ('error' in figgle) throw unreadable(figgle.error);
  return planFiggle(figgle.file);
}
