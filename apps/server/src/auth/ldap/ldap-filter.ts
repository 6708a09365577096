/**
 * A value as RFC 4515 wants it inside a search filter: `*`, `(`, `)`, `\` and NUL become `\2a`,
 * `\28`, `\29`, `\5c` and `\00`, so a username such as `*)(uid=*` matches only itself and can never
 * widen or end the filter (LDAP injection, docs/threat-model.md).
 */
export function escapeFilterValue(value: string): string {
  return value.replace(/[*()\\\0]/g, (char) => `\\${char.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

/** LDAP_SEARCH_FILTER with every `{{username}}` replaced by the escaped username. */
export function userFilter(template: string, username: string): string {
  return template.replaceAll('{{username}}', escapeFilterValue(username));
}
