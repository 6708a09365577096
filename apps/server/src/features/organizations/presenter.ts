import type { CreatedOrganization, OrganizationView } from '@figgle/shared/organization-schemas';
import { can } from '../../policies/can.ts';
import type { CreatedOrganizationRow } from './commands/create-organization.ts';
import type { OrganizationRow } from './queries.ts';

/** The Figma team id is an owner's setting (docs/product.md#who-sees-what): members get null. */
export function presentOrganization(row: OrganizationRow, viewerId: string): OrganizationView {
  const role = row.rules.find((rule) => rule.user_id === viewerId)?.role ?? null;
  return {
    organization_id: row.organization_id,
    name: row.name,
    figma_team_id: can(role, 'organization.setFigmaTeam') ? row.figma_team_id : null,
    created_at: row.created_at.toISOString(),
    rules: row.rules,
  };
}

export function presentCreatedOrganization(row: CreatedOrganizationRow): CreatedOrganization {
  return {
    organization_id: row.organization_id,
    name: row.name,
    figma_team_id: row.figma_team_id,
    created_at: row.created_at.toISOString(),
    role: row.role,
  };
}
