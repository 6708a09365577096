import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The seeded directory: every entry under this base. */
export const LDAP_BASE = 'dc=example,dc=org';
export const LDAP_ADMIN_DN = `cn=admin,${LDAP_BASE}`;
export const LDAP_ADMIN_PASSWORD = 'admin-secret';
export const LDAP_PEOPLE = `ou=people,${LDAP_BASE}`;
export const LDAP_MEMBERS_GROUP = `cn=figgle-members,ou=groups,${LDAP_BASE}`;
export const LDAP_OWNERS_GROUP = `cn=figgle-owners,ou=groups,${LDAP_BASE}`;
/** Disabled accounts carry employeeType=disabled; this filter leaves them out. */
export const LDAP_FILTER = '(&(objectClass=inetOrgPerson)(uid={{username}})(!(employeeType=disabled)))';

/** People seeded in the directory; `carol` is disabled. */
export const LDAP_PEOPLE_SEED = {
  alice: { password: 'alice-pass-1', firstname: 'Alice', lastname: 'Martin', email: 'alice@example.org' },
  bob: { password: 'bob-pass-1', firstname: 'Bob', lastname: 'Durand', email: 'bob@example.org' },
  carol: { password: 'carol-pass-1', firstname: 'Carol', lastname: 'Petit', email: 'carol@example.org' },
} as const;

export interface LdapServer {
  /** ldap:// (StartTLS offered when started with tls). */
  url: string;
  /** ldaps://, when started with tls. */
  ldapsUrl?: string;
  /** The test CA's certificate (PEM file), when started with tls. */
  caFile?: string;
  /** The Figgle settings that point at this directory. */
  env: Record<string, string>;
  /** Applies an LDIF change (ldapmodify) as the directory's administrator. */
  modify(ldif: string): Promise<void>;
  close(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function person(uid: keyof typeof LDAP_PEOPLE_SEED, disabled = false): string {
  const p = LDAP_PEOPLE_SEED[uid];
  return [
    `dn: uid=${uid},${LDAP_PEOPLE}`,
    'objectClass: inetOrgPerson',
    `uid: ${uid}`,
    `cn: ${p.firstname} ${p.lastname}`,
    `givenName: ${p.firstname}`,
    `sn: ${p.lastname}`,
    `mail: ${p.email}`,
    `userPassword: ${p.password}`,
    ...(disabled ? ['employeeType: disabled'] : []),
    '',
  ].join('\n');
}

// groupOfNames needs one member at least: the placeholder lets a test take every person out.
const PLACEHOLDER = `member: cn=placeholder,${LDAP_BASE}`;
const SEED = [
  `dn: ${LDAP_BASE}\nobjectClass: dcObject\nobjectClass: organization\ndc: example\no: Example\n`,
  `dn: ${LDAP_PEOPLE}\nobjectClass: organizationalUnit\nou: people\n`,
  `dn: ou=groups,${LDAP_BASE}\nobjectClass: organizationalUnit\nou: groups\n`,
  person('alice'),
  person('bob'),
  person('carol', true),
  `dn: ${LDAP_MEMBERS_GROUP}\nobjectClass: groupOfNames\ncn: figgle-members\nmember: uid=alice,${LDAP_PEOPLE}\nmember: uid=carol,${LDAP_PEOPLE}\n${PLACEHOLDER}\n`,
  `dn: ${LDAP_OWNERS_GROUP}\nobjectClass: groupOfNames\ncn: figgle-owners\nmember: uid=bob,${LDAP_PEOPLE}\n${PLACEHOLDER}\n`,
].join('\n');

/** A self-signed CA and a certificate for 127.0.0.1 and localhost signed by it, made with openssl. */
async function makeCertificates(dir: string) {
  const file = (name: string) => path.join(dir, name);
  await run('openssl', [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '2',
    '-subj',
    '/CN=Figgle test CA',
    '-keyout',
    file('ca.key'),
    '-out',
    file('ca.pem'),
  ]);
  await run('openssl', [
    'req',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-subj',
    '/CN=localhost',
    '-keyout',
    file('server.key'),
    '-out',
    file('server.csr'),
  ]);
  await writeFile(file('san.ext'), 'subjectAltName=IP:127.0.0.1,DNS:localhost\n');
  await run('openssl', [
    'x509',
    '-req',
    '-in',
    file('server.csr'),
    '-CA',
    file('ca.pem'),
    '-CAkey',
    file('ca.key'),
    '-CAcreateserial',
    '-days',
    '2',
    '-extfile',
    file('san.ext'),
    '-out',
    file('server.pem'),
  ]);
  return { ca: file('ca.pem'), cert: file('server.pem'), key: file('server.key') };
}

function slapdConf(dir: string, tls?: { ca: string; cert: string; key: string }): string {
  return [
    'include /etc/ldap/schema/core.schema',
    'include /etc/ldap/schema/cosine.schema',
    'include /etc/ldap/schema/inetorgperson.schema',
    'include /etc/ldap/schema/nis.schema',
    `pidfile ${path.join(dir, 'slapd.pid')}`,
    'modulepath /usr/lib/ldap',
    'moduleload back_mdb',
    ...(tls
      ? [
          `TLSCACertificateFile ${tls.ca}`,
          `TLSCertificateFile ${tls.cert}`,
          `TLSCertificateKeyFile ${tls.key}`,
        ]
      : []),
    'database mdb',
    `suffix "${LDAP_BASE}"`,
    `rootdn "${LDAP_ADMIN_DN}"`,
    `rootpw ${LDAP_ADMIN_PASSWORD}`,
    `directory ${path.join(dir, 'db')}`,
    'maxsize 16777216',
    'access to attrs=userPassword by anonymous auth by self write by * none',
    'access to * by users read by * none',
    '',
  ].join('\n');
}

async function listening(port: number, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`slapd exited (${child.exitCode}):\n${output()}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`slapd did not listen on ${port}:\n${output()}`);
}

/**
 * A real OpenLDAP server (Debian's slapd) on free loopback ports with a temporary configuration
 * and database, seeded with LDAP_PEOPLE_SEED and two groups. With `tls`, it also serves ldaps://
 * and StartTLS with a certificate from a CA made for this run (caFile).
 */
export async function startLdapServer(options: { tls?: boolean } = {}): Promise<LdapServer> {
  const dir = await mkdtemp(path.join(tmpdir(), 'figgle-slapd-'));
  await mkdir(path.join(dir, 'db'));
  const tls = options.tls ? await makeCertificates(dir) : undefined;
  const conf = path.join(dir, 'slapd.conf');
  await writeFile(conf, slapdConf(dir, tls));
  const port = await freePort();
  const tlsPort = tls ? await freePort() : undefined;
  const url = `ldap://127.0.0.1:${port}`;
  const ldapsUrl = tlsPort ? `ldaps://127.0.0.1:${tlsPort}` : undefined;
  const urls = [`${url}/`, ...(ldapsUrl ? [`${ldapsUrl}/`] : [])].join(' ');
  // -d keeps slapd in the foreground, so it is this process's child and ends with it.
  const child = spawn('slapd', ['-h', urls, '-f', conf, '-d', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const stopOnExit = () => child.kill('SIGKILL');
  process.once('exit', stopOnExit);
  try {
    await listening(port, child, () => output);
    if (tlsPort) await listening(tlsPort, child, () => output);
    await ldif('ldapadd', url, SEED);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  async function ldif(command: 'ldapadd' | 'ldapmodify', target: string, text: string) {
    const file = path.join(dir, `change-${Date.now()}-${Math.random().toString(36).slice(2)}.ldif`);
    await writeFile(file, text);
    await run(command, ['-x', '-H', target, '-D', LDAP_ADMIN_DN, '-w', LDAP_ADMIN_PASSWORD, '-f', file]);
  }
  return {
    url,
    ldapsUrl,
    caFile: tls?.ca,
    env: {
      LDAP_URL: url,
      LDAP_BIND_DN: LDAP_ADMIN_DN,
      LDAP_BIND_PASSWORD: LDAP_ADMIN_PASSWORD,
      LDAP_SEARCH_BASE: LDAP_PEOPLE,
      LDAP_SEARCH_FILTER: LDAP_FILTER,
    },
    modify: (text) => ldif('ldapmodify', url, text),
    async close() {
      process.removeListener('exit', stopOnExit);
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}
