import { z } from 'zod';

/**
 * Apart from status.ts, which has no zod: the pages that only show statuses (the board, the list)
 * then do not load zod (80 KB of script) on their way to the first render.
 */
/** A status key (TODO, IN_REVIEW): whether the task's project has it is the database's to say (400). */
export const taskStatusSchema = z
  .string()
  .regex(/^[A-Z][A-Z0-9_]{0,39}$/, 'The status must be a status key of the project, such as TODO or DONE.');
