import { z } from 'zod';
import type { AppInstance } from '../http/app-instance.ts';
import { comesFromThisMachine } from '../mail/dev-mailbox-routes.ts';
import type { DrivenClock } from './clock.ts';

/** Far enough for a digest a day away, short of anything a test could mean. */
const LONGEST_STEP_MS = 7 * 24 * 60 * 60 * 1000;

const moveClockBody = z.union([
  z.strictObject({ advance_ms: z.number().int().min(0).max(LONGEST_STEP_MS) }),
  z.strictObject({ reset: z.literal(true) }),
]);

const clockState = z.object({
  /** What the server now takes the time to be. */
  now: z.iso.datetime(),
  /** How far that is ahead of the real time. */
  ahead_ms: z.number().int(),
});

/**
 * With TEST_CLOCK_CONTROL (env.ts allows it only when NODE_ENV is test), a browser test started
 * against a separate server process moves that server's clock forward, or back to the real time, and
 * the job worker looks for due work at once. Without the setting the route does not exist (404); with
 * it, it answers only connections from this machine, as the dev mailbox does. Hidden from the API
 * description: it is no part of Figgle's API. `afterMove` is given by app.ts (the job worker's wake,
 * jobs/wake.ts), since clock/ stands below jobs/ (docs/decisions/0020-server-folders-in-one-direction.md).
 */
export function clockControlRoutes(clock: DrivenClock | undefined, afterMove: (db: object) => void) {
  return async function clockControl(app: AppInstance): Promise<void> {
    if (!clock) return;
    app.post(
      '/api/test/clock',
      { schema: { hide: true, body: moveClockBody, response: { 200: clockState } } },
      async (request, reply) => {
        if (!comesFromThisMachine(request)) return reply.callNotFound();
        const move = request.body;
        if ('reset' in move) clock.reset();
        else clock.advance(move.advance_ms);
        afterMove(app.deps.db);
        return { now: clock.now().toISOString(), ahead_ms: clock.aheadMs() };
      },
    );
  };
}
