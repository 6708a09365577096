import { appPathSchema } from '@figgle/shared/auth-schemas';
import { verifyJWT } from 'better-auth/crypto';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * better-auth's confirmation link is a signed token it would accept for 24 hours, again and again:
 * once the address is confirmed, the link counts as used and is refused as better-auth refuses a
 * forged one (same status, same body, same redirect). Only a token signed by this server is looked
 * at: a forged one goes to better-auth, whatever address it names, so its answer says nothing about
 * who has an account.
 */
export async function refuseUsedConfirmation(
  db: Kysely<Database>,
  secret: string,
  url: URL,
): Promise<Response | null> {
  const payload = await verifyJWT(url.searchParams.get('token') ?? '', secret);
  if (!payload) return null;
  const { email, updateTo } = payload as { email?: unknown; updateTo?: unknown };
  if (typeof email !== 'string' || updateTo !== undefined) return null;
  const confirmed = await sql<{ id: string }>`
    SELECT id FROM auth_user WHERE email = ${email.toLowerCase()} AND "emailVerified"`.execute(db);
  if (confirmed.rows.length === 0) return null;
  const callback = appPathSchema.safeParse(url.searchParams.get('callbackURL') ?? undefined);
  if (callback.success && callback.data) {
    const separator = callback.data.includes('?') ? '&' : '?';
    return new Response(null, {
      status: 302,
      headers: { location: `${callback.data}${separator}error=INVALID_TOKEN` },
    });
  }
  return Response.json({ code: 'INVALID_TOKEN', message: 'Invalid token' }, { status: 401 });
}
