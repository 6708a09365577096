import type { MemberView } from '@figgle/shared/organization-schemas';
import type { MemberRow } from './queries.ts';

/** Fellow members see each other's names and emails (the members table); nothing else leaves. */
export function presentMember(row: MemberRow): MemberView {
  return {
    rule_id: row.rule_id,
    user_id: row.user_id,
    role: row.role,
    firstname: row.firstname,
    lastname: row.lastname,
    email: row.email,
  };
}
