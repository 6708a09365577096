import type { TestServer } from '@figgle/test-support/test-server';
import { eventually } from '../support/eventually.ts';

/**
 * Waits until the queue holds no job running or due within `windowMs` (the fixed wait a count of
 * emails had, for mail that must not come): every email the changes so far lead to by then has
 * been sent (the catcher keeps a message before it answers the sender, and a job is done after
 * that answer). A count taken then sees any second email, or one to the wrong person, that the
 * fixed wait could have seen, without waiting it out when nothing is due.
 */
export async function queueSettled(server: TestServer, windowMs: number): Promise<void> {
  await eventually(async () => {
    const horizon = new Date(server.deps.clock.now().getTime() + windowMs);
    const busy = await server.deps.db
      .selectFrom('job')
      .select('job_id')
      .where((eb) =>
        eb.or([
          eb('state', '=', 'running'),
          eb.and([eb('state', '=', 'pending'), eb('run_at', '<=', horizon)]),
        ]),
      )
      .executeTakeFirst();
    return busy === undefined;
  }, `no job due within ${windowMs} ms or running`);
}
