import { z } from 'zod';

/** What an upload is called when nothing of its own name survives cleaning. */
const FALLBACK_UPLOAD_NAME = 'file';

// File systems stop at 255 bytes per name and the stored name also carries a random id prefix,
// so very long names are cut rather than failing the upload.
const MAX_BASE_LENGTH = 100;
const MAX_EXTENSION_LENGTH = 20;

/** Keeps ASCII letters, digits, hyphen and underscore; accented letters lose only their accent. */
function cleanSegment(segment: string): string {
  return segment.normalize('NFD').replace(/[^A-Za-z0-9_-]/g, '');
}

/**
 * 'My photo (1).final.PNG' → 'Myphoto1.PNG': the first dot-separated segment plus the original
 * extension, both stripped of everything but letters, digits, hyphen and underscore. The result is
 * a single safe path segment: no separator, no '..', never empty.
 */
export function cleanUploadFileName(name: string): string {
  // A browser may hand over a full client path (old Windows browsers did): keep only its last part.
  const baseName = name.split(/[/\\]/).pop() ?? '';
  const segments = baseName.split('.');
  const base = cleanSegment(segments[0] ?? '').slice(0, MAX_BASE_LENGTH) || FALLBACK_UPLOAD_NAME;
  const extension =
    segments.length > 1 ? cleanSegment(segments.at(-1) ?? '').slice(0, MAX_EXTENSION_LENGTH) : '';
  return extension ? `${base}.${extension}` : base;
}

const UPLOAD_FOLDER_PATTERN = /^[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_-]+)*$/;
const RANDOM_ID_PATTERN = /^[A-Za-z0-9_-]+$/;

export const UPLOAD_FOLDER_MESSAGE =
  'The upload folder must be one or more names of letters, digits, hyphens or underscores separated by "/".';

/** Relative, no '.' or '..' segment, no empty segment: a folder can never point outside the storage root. */
export function isValidUploadFolder(folder: string): boolean {
  return UPLOAD_FOLDER_PATTERN.test(folder);
}

export const uploadFolderSchema = z
  .string({ error: UPLOAD_FOLDER_MESSAGE })
  .regex(UPLOAD_FOLDER_PATTERN, { error: UPLOAD_FOLDER_MESSAGE });

/** `${folder}/${randomId}-${cleaned name}`; the random id makes each path new, so nothing is overwritten. */
export function uploadPath(folder: string, randomId: string, fileName: string): string {
  if (!isValidUploadFolder(folder))
    throw new Error(`Invalid upload folder "${folder}". ${UPLOAD_FOLDER_MESSAGE}`);
  if (!RANDOM_ID_PATTERN.test(randomId)) throw new Error(`Invalid upload id "${randomId}".`);
  return `${folder}/${randomId}-${cleanUploadFileName(fileName)}`;
}
