import type { DeltaDocument } from '@figgle/shared/delta';
import { deltaToPlainText } from '@figgle/shared/delta';
import { NOTIFICATION_EXCERPT_MAX } from '@figgle/shared/notification-schemas';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { HttpError } from '../../http/errors.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The people a document mentions (the mention embed's id is the person's user id), each once. */
export function mentionedIds(delta: DeltaDocument): string[] {
  const ids = new Set<string>();
  for (const op of delta.ops) {
    if (typeof op.insert !== 'object' || op.insert === null) continue;
    const mention = (op.insert as Record<string, unknown>).mention as Record<string, unknown> | undefined;
    if (mention && typeof mention.id === 'string') ids.add(mention.id.toLowerCase());
  }
  return [...ids];
}

/** The first words of a document, for the inbox line and the email. */
export function excerptOf(delta: DeltaDocument): string {
  const text = deltaToPlainText(delta).replace(/\s+/g, ' ').trim();
  return text.length > NOTIFICATION_EXCERPT_MAX ? `${text.slice(0, NOTIFICATION_EXCERPT_MAX - 1)}…` : text;
}

/**
 * Refuses a document that mentions anyone but members of the task's organization (a 400, before
 * anything is written): the mention would name, and tell, a person who may not see the task.
 */
export async function requireMentionedMembers(
  trx: Kysely<Database>,
  organizationId: string,
  ids: readonly string[],
  path: string,
): Promise<void> {
  if (ids.length === 0) return;
  const valid = ids.filter((id) => UUID.test(id));
  const members =
    valid.length === 0
      ? []
      : await trx
          .selectFrom('rule')
          .select('user_id')
          .where('organization_id', '=', organizationId)
          .where('user_id', 'in', valid)
          .execute();
  const known = new Set(members.map((member) => member.user_id));
  const outside = ids.filter((id) => !known.has(id));
  if (outside.length > 0) {
    throw new HttpError(
      400,
      'mention_outside_organization',
      'Only members of the organization of the task can be mentioned.',
      outside.map(() => ({ path, message: 'mentions someone who is not a member of the organization' })),
    );
  }
}
