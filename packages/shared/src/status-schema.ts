import { z } from 'zod';
import { TASK_STATUSES } from './status.ts';

/**
 * Apart from status.ts, which has no zod: the pages that only show statuses (the board, the list)
 * then do not load zod (80 KB of script) on their way to the first render.
 */
export const taskStatusSchema = z.enum(TASK_STATUSES);
