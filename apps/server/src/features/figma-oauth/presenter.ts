import type { FigmaOAuthConnection, FigmaOAuthNotices } from '@figgle/shared/figma-oauth-schemas';
import type { ConnectionRow } from './queries.ts';

/** Who connected, when, with which scopes, and whether it broke: never a token. */
export function presentConnection(row: ConnectionRow): FigmaOAuthConnection {
  const name = [row.firstname, row.lastname].filter(Boolean).join(' ').trim() || (row.email ?? '');
  return {
    connected_by: row.connected_by ? { user_id: row.connected_by, name } : null,
    connected_at: new Date(row.connected_at).toISOString(),
    scopes: row.scopes.split(',').filter(Boolean),
    access_expires_at: new Date(row.access_expires_at).toISOString(),
    broken: row.broken_at
      ? {
          at: new Date(row.broken_at).toISOString(),
          reason: row.broken_reason ?? 'Figma refused to renew the access.',
        }
      : null,
  };
}

export function presentNotices(
  rows: Array<{ organization_id: string; name: string; broken_reason: string | null }>,
): FigmaOAuthNotices {
  return {
    broken: rows.map((row) => ({
      organization_id: row.organization_id,
      name: row.name,
      reason: row.broken_reason ?? 'Figma refused to renew the access.',
    })),
  };
}
