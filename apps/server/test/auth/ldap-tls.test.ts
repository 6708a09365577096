// @database pglite
import { LDAP_PEOPLE_SEED, type LdapServer, startLdapServer } from '@figgle/test-support/ldap-server';
import { Tarpit } from '@figgle/test-support/tarpit';
import { startTestServer, type TestServer } from '@figgle/test-support/test-server';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInWithDirectory } from '../../src/auth/ldap/directory.ts';
import { loadEnv } from '../../src/env.ts';
import { countRows, post, sessionOf } from './auth-helpers.ts';

let directory: LdapServer;
beforeAll(async () => {
  directory = await startLdapServer({ tls: true });
});
afterAll(async () => {
  await directory?.close();
});

const alice = LDAP_PEOPLE_SEED.alice;

/** The settings as Figgle reads them at start, pointed at this run's directory. */
function settings(overrides: Record<string, string>) {
  return loadEnv({
    NODE_ENV: 'test',
    SECRET: 'test-secret-that-is-long-enough-0123456789',
    ...directory.env,
    ...overrides,
  });
}

describe('directory sign-in over TLS', () => {
  it('signs in over ldaps:// with the CA file, through HTTP', async () => {
    const server = await startTestServer({
      ...directory.env,
      LDAP_URL: directory.ldapsUrl ?? '',
      LDAP_CA_FILE: directory.caFile ?? '',
    });
    try {
      const answer = await post(server, '/api/auth/sign-in/username', {
        username: 'alice',
        password: alice.password,
      });
      expect(answer.status).toBe(200);
      expect((await sessionOf(server, answer.cookie))?.user.email).toBe(alice.email);
    } finally {
      await server.close();
    }
  });

  it('signs in with StartTLS on ldap:// with the CA file', async () => {
    const answer = await signInWithDirectory(
      settings({ LDAP_STARTTLS: 'true', LDAP_CA_FILE: directory.caFile ?? '' }),
      'alice',
      alice.password,
    );
    expect(answer).toMatchObject({ kind: 'signed-in', person: { email: alice.email } });
  });

  it('refuses a certificate its CA file does not vouch for: the directory is unavailable, not the password wrong', async () => {
    expect(
      await signInWithDirectory(settings({ LDAP_URL: directory.ldapsUrl ?? '' }), 'alice', alice.password),
    ).toEqual({
      kind: 'unavailable',
    });
    expect(await signInWithDirectory(settings({ LDAP_STARTTLS: 'true' }), 'alice', alice.password)).toEqual({
      kind: 'unavailable',
    });
  });
});

describe('a directory that is down', () => {
  let tarpit: Tarpit;
  let server: TestServer;
  beforeAll(async () => {
    tarpit = await new Tarpit().start();
    server = await startTestServer({
      ...directory.env,
      LDAP_URL: tarpit.url().replace('http://', 'ldap://').replace('/hook', ''),
      LDAP_TIMEOUT_MS: '1000',
    });
  });
  afterAll(async () => {
    await server?.close();
    await tarpit?.stop();
  });

  it('answers 503 with a clear message within the timeout when the server accepts and never answers', async () => {
    const started = Date.now();
    const answer = await post(server, '/api/auth/sign-in/username', {
      username: 'alice',
      password: alice.password,
    });
    expect(Date.now() - started).toBeLessThan(4_000);
    expect(answer.status).toBe(503);
    expect(answer.body).toEqual({
      statusCode: 503,
      code: 'directory_unavailable',
      message:
        'The directory server is not answering. Try again in a few minutes, or ask your administrator.',
    });
    expect(await countRows(server, 'auth_user', sql`email = ${alice.email}`)).toBe(0);
  });

  it('answers 503 at once when nothing listens at LDAP_URL', async () => {
    const answer = await signInWithDirectory(
      settings({ LDAP_URL: 'ldap://127.0.0.1:9' }),
      'alice',
      alice.password,
    );
    expect(answer).toEqual({ kind: 'unavailable' });
  });
});

describe('settings', () => {
  it('refuses LDAP_URL without its bind and base, a URL of another scheme and a group map that is not JSON', () => {
    const base = { NODE_ENV: 'test', SECRET: 'test-secret-that-is-long-enough-0123456789' };
    expect(() => loadEnv({ ...base, LDAP_URL: 'ldap://127.0.0.1:389' })).toThrow(
      /LDAP_BIND_DN: is required with LDAP_URL/,
    );
    expect(() => loadEnv({ ...base, ...directory.env, LDAP_URL: 'http://127.0.0.1' })).toThrow(
      /LDAP_URL: must be a URL starting with ldap:\/\/ or ldaps:\/\//,
    );
    expect(() => loadEnv({ ...base, ...directory.env, LDAP_GROUP_MAP: 'cn=x=Org:OWNER' })).toThrow(
      /LDAP_GROUP_MAP: must be JSON/,
    );
    expect(() =>
      loadEnv({
        ...base,
        ...directory.env,
        LDAP_GROUP_MAP: '[{"group":"cn=x","organization":"O","role":"admin"}]',
      }),
    ).toThrow(/role must be owner or member/);
    expect(() => loadEnv({ ...base, ...directory.env, LDAP_SEARCH_FILTER: '(uid=alice)' })).toThrow(
      /LDAP_SEARCH_FILTER: must contain \{\{username\}\}/,
    );
  });
});
