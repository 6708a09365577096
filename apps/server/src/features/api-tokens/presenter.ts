import type { ApiTokenView, CreatedApiToken } from '@figgle/shared/api-token-schemas';
import { visiblePrefix } from '../../auth/api-token-secret.ts';
import type { ApiTokenRow } from './queries.ts';

const iso = (value: Date | string) => new Date(value).toISOString();

/** A token in its owner's list: its hash never leaves the server, nor (after creation) the token. */
export function presentApiToken(row: ApiTokenRow): ApiTokenView {
  return {
    api_token_id: row.api_token_id,
    name: row.name,
    scope: row.scope,
    prefix: visiblePrefix(row.prefix),
    created_at: iso(row.created_at),
    last_used_at: row.last_used_at ? iso(row.last_used_at) : null,
  };
}

/** The answer to a creation: the one time the token itself is shown. */
export function presentCreatedApiToken(row: ApiTokenRow, token: string): CreatedApiToken {
  return { ...presentApiToken(row), token };
}
