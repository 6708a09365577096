import type { TaskDevResource } from '@figgle/shared/figma-dev-resource-schemas';

// Figgle's own words for why Figma said no to a link, stored on the link (dev_resource_error) and
// sent as `message`; `reason` names which one, so a screen can say it in the reader's language.

export const NO_TOKEN =
  'Figgle cannot add the link in Figma: no owner of this organization has connected Figma (Settings › Figma).';
export const CANNOT_EDIT =
  'Figma refused to add the link: the Figma token of this organization cannot edit this file.';
export const FILE_GONE = 'Figma no longer finds this file: it was deleted or moved.';
export const UNREACHABLE = 'Figma could not be reached for a long time: the link was not added.';
export const REFUSED = 'Figma refused the link.';

/** Which of Figgle's sentences a stored error is; 'figma_said' for Figma's own words (a bad request). */
export function refusalReason(error: string | null): NonNullable<TaskDevResource['reason']> {
  if (error === null || error === REFUSED) return 'refused';
  if (error === NO_TOKEN) return 'no_token';
  if (error === CANNOT_EDIT) return 'cannot_edit';
  if (error === FILE_GONE) return 'file_gone';
  if (error === UNREACHABLE) return 'unreachable';
  return 'figma_said';
}
