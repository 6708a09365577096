import { z } from 'zod';
import { nameRules } from './display-text.ts';
import { roleSchema } from './roles.ts';

/** An organization's name: trimmed, 1 to 100 characters. */
const organizationNameSchema = z
  .string()
  .trim()
  .min(1, 'The name of the organization is required.')
  .max(100, 'The name of the organization is at most 100 characters.')
  .check(...nameRules('The name of the organization'));

export const createOrganizationInput = z.object({ name: organizationNameSchema });

export const renameOrganizationInput = z.object({ name: organizationNameSchema });

const ruleSchema = z.object({ rule_id: z.uuid(), user_id: z.uuid(), role: roleSchema });

export const organizationSchema = z.object({
  organization_id: z.uuid(),
  name: z.string(),
  figma_team_id: z.string().nullable(),
  created_at: z.string(),
  rules: z.array(ruleSchema),
});
export type OrganizationView = z.infer<typeof organizationSchema>;

export const createdOrganizationSchema = z.object({
  organization_id: z.uuid(),
  name: z.string(),
  figma_team_id: z.string().nullable(),
  created_at: z.string(),
  role: roleSchema,
});
export type CreatedOrganization = z.infer<typeof createdOrganizationSchema>;

export const memberSchema = z.object({
  rule_id: z.uuid(),
  user_id: z.uuid(),
  role: roleSchema,
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
});
export type MemberView = z.infer<typeof memberSchema>;

/** PATCH /api/organizations/:organizationId/members/:ruleId: owners change a member's role. */
export const changeRoleInput = z.object({ role: roleSchema });
