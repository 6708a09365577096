import { z } from 'zod';
import { emailSchema, newPasswordSchema, personNameSchema } from './auth-schemas.ts';

export const inviteMemberInput = z.object({
  firstname: personNameSchema('Firstname'),
  lastname: personNameSchema('Lastname'),
  email: emailSchema,
});
export type InviteMemberInput = z.infer<typeof inviteMemberInput>;

/**
 * An invitation waiting for its answer, as owners see it on the organization page. The answer to an
 * invite has this shape too, whether or not the address has an account: nothing tells them apart.
 */
export const pendingInvitationSchema = z.object({
  invitation_id: z.uuid(),
  email: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  /** Who sent it; null once that account is gone. */
  invited_by: z.object({ user_id: z.uuid(), firstname: z.string(), lastname: z.string() }).nullable(),
  created_at: z.string(),
  expires_at: z.string(),
});
export type PendingInvitation = z.infer<typeof pendingInvitationSchema>;

export const invitationParams = z.object({ organizationId: z.uuid(), invitationId: z.uuid() });

const invitationTokenSchema = z.string().min(16, 'This invitation link is incomplete.').max(200);

export const invitationLookupInput = z.object({ token: invitationTokenSchema });

export const invitationPreviewSchema = z.object({
  email: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  organization_name: z.string(),
  expires_at: z.string(),
  /** Only the link's holder learns this: an existing account joins without choosing a password. */
  has_account: z.boolean(),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

/** The password is needed only when accepting makes a new account; an existing one keeps its own. */
export const acceptInvitationInput = z.object({
  token: invitationTokenSchema,
  password: newPasswordSchema.optional(),
});
export type AcceptInvitationInput = z.infer<typeof acceptInvitationInput>;

export const acceptedInvitationSchema = z.object({
  organization_id: z.uuid(),
  email: z.string(),
  /** True when the account was made just now and its session cookie set. */
  signed_in: z.boolean(),
});
export type AcceptedInvitation = z.infer<typeof acceptedInvitationSchema>;
