import { z } from 'zod';

/** OWNERs also manage the organization: its name, members, Figma team id and design-file links. */
export const ROLES = ['OWNER', 'MEMBER'] as const;
export type Role = (typeof ROLES)[number];
export const roleSchema = z.enum(ROLES);

/** An invitation always grants MEMBER; owners are made, never invited. */
export const INVITED_ROLE: Role = 'MEMBER';

export const ROLE_LABELS: Readonly<Record<Role, string>> = { OWNER: 'Owner', MEMBER: 'Member' };
