import { z } from 'zod';

/** GET /healthz: the server is up and its database answers (which one, for whoever runs it). */
export const healthSchema = z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) });
export type Health = z.infer<typeof healthSchema>;
