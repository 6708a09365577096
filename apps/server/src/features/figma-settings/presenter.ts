import type { FigmaOrganizationSettings, FigmaTokenStatus } from '@figgle/shared/figma-schemas';
import type { OwnedOrganizationRow } from './queries.ts';

/** Only whether a token is set and its redacted form leave the server; never the token. */
export function presentTokenStatus(row: {
  figma_token_encrypted: string | null;
  figma_token_redacted: string | null;
}): FigmaTokenStatus {
  const isSet = row.figma_token_encrypted !== null;
  return { is_set: isSet, redacted: isSet ? row.figma_token_redacted : null };
}

/** The webhook's id and passcode stay on the server: only whether one is registered. */
export function presentOrganizationSettings(row: OwnedOrganizationRow): FigmaOrganizationSettings {
  return {
    organization_id: row.organization_id,
    name: row.name,
    figma_team_id: row.figma_team_id,
    webhook_live: row.figma_team_id !== null && row.figma_webhook_id !== null,
    reply_on_done: row.figma_reply_on_done,
  };
}
