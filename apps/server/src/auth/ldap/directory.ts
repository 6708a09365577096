import { readFileSync } from 'node:fs';
import type { ConnectionOptions } from 'node:tls';
import { Client, InvalidCredentialsError } from 'ldapts';
import type { Env } from '../../env.ts';
import { escapeFilterValue, userFilter } from './ldap-filter.ts';

/** What the directory says of a person, read with Figgle's own bind. */
export interface DirectoryPerson {
  dn: string;
  /** The username as typed, lowercased: the account's key (auth_account.account_id). */
  username: string;
  email: string;
  firstname: string;
  lastname: string;
}

export type DirectorySignIn =
  | { kind: 'signed-in'; person: DirectoryPerson; groups: string[] }
  /** Unknown username, wrong password, filtered out (disabled) or no email: told apart nowhere. */
  | { kind: 'refused' }
  | { kind: 'unavailable' };

export type LdapSettings = Pick<
  Env,
  | 'LDAP_URL'
  | 'LDAP_BIND_DN'
  | 'LDAP_BIND_PASSWORD'
  | 'LDAP_SEARCH_BASE'
  | 'LDAP_SEARCH_FILTER'
  | 'LDAP_STARTTLS'
  | 'LDAP_CA_FILE'
  | 'LDAP_ATTR_EMAIL'
  | 'LDAP_ATTR_FIRSTNAME'
  | 'LDAP_ATTR_LASTNAME'
  | 'LDAP_GROUP_MAP'
  | 'LDAP_TIMEOUT_MS'
>;

export function ldapConfigured(env: Pick<Env, 'LDAP_URL'>): boolean {
  return !!env.LDAP_URL;
}

function firstText(value: unknown): string {
  const first = Array.isArray(value) ? value[0] : value;
  if (typeof first === 'string') return first.trim();
  if (Buffer.isBuffer(first)) return first.toString('utf8').trim();
  return '';
}

/**
 * One conversation with the directory: connect (TLS as configured), do `work`, unbind. Any failure
 * but a refused bind is the directory being unavailable; `timeout` bounds each step.
 */
async function withClient<T>(settings: LdapSettings, work: (client: Client) => Promise<T>): Promise<T> {
  const ca = settings.LDAP_CA_FILE ? [readFileSync(settings.LDAP_CA_FILE)] : undefined;
  const tlsOptions: ConnectionOptions = { ...(ca ? { ca } : {}), minVersion: 'TLSv1.2' };
  const url = settings.LDAP_URL ?? '';
  const client = new Client({
    url,
    timeout: settings.LDAP_TIMEOUT_MS,
    connectTimeout: settings.LDAP_TIMEOUT_MS,
    // Given to ldap:// too, ldapts would open TLS at once; there StartTLS upgrades the connection.
    ...(url.startsWith('ldaps:') ? { tlsOptions } : {}),
    strictDN: false,
  });
  try {
    if (settings.LDAP_STARTTLS) await client.startTLS(tlsOptions);
    return await work(client);
  } finally {
    await client.unbind().catch(() => {});
  }
}

async function findPerson(
  client: Client,
  settings: LdapSettings,
  username: string,
): Promise<DirectoryPerson | null> {
  await client.bind(settings.LDAP_BIND_DN ?? '', settings.LDAP_BIND_PASSWORD ?? '');
  const { searchEntries } = await client.search(settings.LDAP_SEARCH_BASE ?? '', {
    scope: 'sub',
    filter: userFilter(settings.LDAP_SEARCH_FILTER, username),
    attributes: [settings.LDAP_ATTR_EMAIL, settings.LDAP_ATTR_FIRSTNAME, settings.LDAP_ATTR_LASTNAME],
    sizeLimit: 2,
  });
  // Two entries for one username: the filter is ambiguous, and neither is signed in.
  const [entry] = searchEntries;
  if (!entry || searchEntries.length > 1) return null;
  const email = firstText(entry[settings.LDAP_ATTR_EMAIL]).toLowerCase();
  if (!email.includes('@')) return null;
  return {
    dn: entry.dn,
    username,
    email,
    firstname: firstText(entry[settings.LDAP_ATTR_FIRSTNAME]).slice(0, 100),
    lastname: firstText(entry[settings.LDAP_ATTR_LASTNAME]).slice(0, 100),
  };
}

/** The mapped groups (LDAP_GROUP_MAP) the person belongs to, each read with Figgle's bind. */
async function mappedGroupsOf(client: Client, settings: LdapSettings, person: DirectoryPerson) {
  const groups: string[] = [];
  const dn = escapeFilterValue(person.dn);
  const uid = escapeFilterValue(person.username);
  for (const group of new Set((settings.LDAP_GROUP_MAP ?? []).map((mapping) => mapping.group))) {
    const { searchEntries } = await client
      .search(group, {
        scope: 'base',
        filter: `(|(member=${dn})(uniqueMember=${dn})(memberUid=${uid}))`,
        attributes: ['dn'],
      })
      // A mapped group that does not exist (yet) has no members.
      .catch((error: unknown) => {
        if ((error as { code?: number }).code === 32) return { searchEntries: [] };
        throw error;
      });
    if (searchEntries.length > 0) groups.push(group);
  }
  return groups;
}

/** Usernames are short text without control characters; anything else is refused before any bind. */
function plausibleUsername(username: string): boolean {
  return (
    username.length > 0 && username.length <= 256 && ![...username].some((char) => char.charCodeAt(0) < 0x20)
  );
}

/**
 * Signs a person in with the directory: find them with Figgle's bind, bind as them with their
 * password (an empty password is refused first: an LDAP server takes it as an anonymous bind).
 */
export async function signInWithDirectory(
  settings: LdapSettings,
  typedUsername: string,
  password: string,
): Promise<DirectorySignIn> {
  const username = typedUsername.trim().toLowerCase();
  if (!plausibleUsername(username) || password.length === 0) return { kind: 'refused' };
  try {
    return await withClient(settings, async (client) => {
      const person = await findPerson(client, settings, username);
      if (!person) return { kind: 'refused' } as const;
      try {
        await client.bind(person.dn, password);
      } catch (error) {
        if (error instanceof InvalidCredentialsError) return { kind: 'refused' } as const;
        throw error;
      }
      // Groups are read with Figgle's bind again: a person may not be allowed to read them.
      await client.bind(settings.LDAP_BIND_DN ?? '', settings.LDAP_BIND_PASSWORD ?? '');
      return { kind: 'signed-in', person, groups: await mappedGroupsOf(client, settings, person) } as const;
    });
  } catch {
    // Unreachable, too slow, or Figgle's own bind refused (a setting is wrong): nothing the person
    // signing in can fix, and never told as a wrong password.
    return { kind: 'unavailable' };
  }
}

/**
 * Whether each username is still found by the search filter (a disabled or removed account is
 * not); null when the directory could not be asked.
 */
export async function stillInDirectory(
  settings: LdapSettings,
  usernames: string[],
): Promise<Map<string, boolean> | null> {
  try {
    return await withClient(settings, async (client) => {
      const found = new Map<string, boolean>();
      for (const username of usernames) {
        found.set(username, (await findPerson(client, settings, username)) !== null);
      }
      return found;
    });
  } catch {
    return null;
  }
}
