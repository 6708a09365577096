import { HttpError } from '../../http/errors.ts';

/**
 * How many uploads each person may be sending at once: each holds a socket and a file on disk for as
 * long as its bytes take to arrive, so one account cannot tie up the server with many slow ones.
 */
export function uploadSlots(perUser: number) {
  const inUse = new Map<string, number>();
  return {
    /** A slot for this person, or 429; the function given back frees it (once). */
    take(userId: string): () => void {
      const taken = inUse.get(userId) ?? 0;
      if (taken >= perUser) {
        throw new HttpError(
          429,
          'too_many_requests',
          `You are already sending ${perUser} ${perUser === 1 ? 'file' : 'files'}: wait for one to finish, then try again.`,
        );
      }
      inUse.set(userId, taken + 1);
      let freed = false;
      return () => {
        if (freed) return;
        freed = true;
        const left = (inUse.get(userId) ?? 1) - 1;
        if (left > 0) inUse.set(userId, left);
        else inUse.delete(userId);
      };
    },
  };
}
