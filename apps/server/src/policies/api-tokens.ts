import type { ApiTokenScope } from '../db/schema.ts';

const READING_METHODS = new Set(['GET', 'HEAD']);

/** What a token's scope allows on top of its owner's rules: `read` only looks, `read-write` may act. */
export function tokenScopeAllows(scope: ApiTokenScope, method: string): boolean {
  return scope === 'read-write' || READING_METHODS.has(method);
}
