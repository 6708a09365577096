import { randomBytes } from 'node:crypto';
import { linkSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { makePrivateDirSync, PRIVATE_FILE_MODE } from './private-files.ts';

const port = z.coerce
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .min(0, 'must be between 0 and 65535')
  .max(65535, 'must be between 0 and 65535');

const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .trim()
    .min(1)
    .optional()
    .refine((value) => value === undefined || isUrlWithProtocol(value, protocols), {
      message: `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}`,
    });

const sizeInBytes = z.coerce
  .number({ error: 'must be a number of bytes' })
  .int()
  .positive('must be positive');

/** A count or a limit: how many files, requests, sockets or failures. */
const positiveWholeNumber = z.coerce
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .positive('must be positive');

const milliseconds = z.coerce
  .number({ error: 'must be a number of milliseconds' })
  .int('must be a whole number of milliseconds')
  .positive('must be positive');

/**
 * Whose X-Forwarded-For to believe. Off by default: any client could otherwise claim any address and
 * step around the per-IP attempt limits. `true` trusts every hop (only behind a proxy that overwrites
 * the header), a number trusts that many hops, a list trusts those proxy addresses or ranges.
 */
const trustProxy = z
  .string()
  .trim()
  .transform((value, ctx): boolean | number | string => {
    if (/^(false|off|no|0)$/i.test(value)) return false;
    if (/^(true|on|yes)$/i.test(value)) return true;
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value.split(',').map((entry) => entry.trim());
    const isAddressOrRange = (entry: string) => {
      const [address = '', bits, extra] = entry.split('/');
      const version = isIP(address);
      const maxBits = version === 4 ? 32 : 128;
      return (
        version !== 0 &&
        extra === undefined &&
        (bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= maxBits))
      );
    };
    if (entries.every(isAddressOrRange)) return entries.join(',');
    ctx.addIssue({
      code: 'custom',
      message:
        'must be false, true, a number of proxy hops, or a comma-separated list of proxy IP addresses or ranges',
    });
    return z.NEVER;
  })
  .default(false);

/** Directory groups whose members join an organization (auth/ldap/directory-memberships.ts). */
const ldapGroupMap = z
  .string()
  .transform((value, ctx) => {
    try {
      return JSON.parse(value) as unknown;
    } catch {
      ctx.addIssue({
        code: 'custom',
        message: 'must be JSON: [{"group":"cn=…","organization":"…","role":"member"}]',
      });
      return z.NEVER;
    }
  })
  .pipe(
    z.array(
      z.object({
        group: z.string().trim().min(1, 'group must be a DN'),
        organization: z.string().trim().min(1, 'organization must be a name').max(100),
        role: z.enum(['owner', 'member'], { error: 'role must be owner or member' }),
      }),
      { error: 'must be a JSON list of {"group","organization","role"}' },
    ),
  );

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: port.default(3000),
    HOST: z.string().trim().min(1).default('0.0.0.0'),
    DATA_DIR: z.string().trim().min(1).default('./data'),
    DATABASE_URL: optionalUrl(['postgres:', 'postgresql:']),
    PUBLIC_URL: optionalUrl(['http:', 'https:']),
    SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    SMTP_URL: optionalUrl(['smtp:', 'smtps:']),
    MAIL_FROM: z.string().trim().min(3).default('Figgle <figgle@localhost>'),
    FIGMA_API_URL: optionalUrl(['http:', 'https:']).default('https://api.figma.com'),
    /**
     * An OAuth app of Figma's (docs/figma-api.md#oauth-2-for-an-organization): set both and owners may
     * connect their organization with "Connect with Figma" instead of pasting a personal token.
     * Its tokens are stored encrypted with a key derived from SECRET.
     */
    FIGMA_OAUTH_CLIENT_ID: z.string().trim().min(1).optional(),
    FIGMA_OAUTH_CLIENT_SECRET: z.string().trim().min(1).optional(),
    /** Figma's authorization page (tests point it at the fake Figma, as FIGMA_API_URL). */
    FIGMA_OAUTH_URL: optionalUrl(['http:', 'https:']).default('https://www.figma.com/oauth'),
    UPLOAD_MAX_BYTES: sizeInBytes.default(25 * 1024 * 1024),
    BODY_MAX_BYTES: sizeInBytes.default(1024 * 1024),
    IMPORT_MAX_BYTES: sizeInBytes.default(50 * 1024 * 1024),
    /** Files to import one person may be sending and having read at once on a server; past it, 429. */
    IMPORTS_PER_USER: positiveWholeNumber.default(1),
    /** Files to import a server receives and reads at once, from everyone; past it, 429. */
    IMPORTS_PER_SERVER: positiveWholeNumber.default(2),
    UPLOADS_PER_USER: positiveWholeNumber.default(3),
    REQUEST_TIMEOUT_MS: milliseconds.default(30_000),
    /** Requests one API token may make per minute (auth/api-token-auth.ts); past it, 429. */
    API_TOKEN_REQUESTS_PER_MINUTE: positiveWholeNumber.default(600),
    /**
     * Live-update sockets one client address may hold open at once (an office behind one NAT
     * counts once; so does every client of a proxy that TRUST_PROXY does not believe). Raise it for
     * a large office behind one address, or for a load test from one machine.
     */
    REALTIME_SOCKETS_PER_ADDRESS: positiveWholeNumber.default(200),
    UPLOAD_TIMEOUT_MS: milliseconds.default(10 * 60_000),
    S3_ENDPOINT: optionalUrl(['http:', 'https:']),
    S3_BUCKET: z.string().trim().min(1).optional(),
    S3_REGION: z.string().trim().min(1).default('us-east-1'),
    S3_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().trim().min(1).optional(),
    GOOGLE_CLIENT_ID: z.string().trim().min(1).optional(),
    GOOGLE_CLIENT_SECRET: z.string().trim().min(1).optional(),
    OIDC_ISSUER_URL: optionalUrl(['http:', 'https:']),
    OIDC_CLIENT_ID: z.string().trim().min(1).optional(),
    OIDC_CLIENT_SECRET: z.string().trim().min(1).optional(),
    OIDC_NAME: z.string().trim().min(1).default('Single sign-on'),
    /**
     * Directory sign-in (auth/ldap/): set LDAP_URL and the login page offers "Directory". Figgle binds
     * as LDAP_BIND_DN to find the person by LDAP_SEARCH_FILTER, then binds as them with their password.
     */
    LDAP_URL: optionalUrl(['ldap:', 'ldaps:']),
    LDAP_BIND_DN: z.string().trim().min(1).optional(),
    LDAP_BIND_PASSWORD: z.string().min(1).optional(),
    LDAP_SEARCH_BASE: z.string().trim().min(1).optional(),
    LDAP_SEARCH_FILTER: z
      .string()
      .trim()
      .refine((value) => value.includes('{{username}}'), { message: 'must contain {{username}}' })
      .default('(uid={{username}})'),
    LDAP_STARTTLS: z
      .enum(['true', 'false'], { error: 'must be true or false' })
      .default('false')
      .transform((value) => value === 'true'),
    /** PEM file of the CA that signed the directory's certificate (ldaps:// or StartTLS). */
    LDAP_CA_FILE: z.string().trim().min(1).optional(),
    LDAP_ATTR_EMAIL: z.string().trim().min(1).default('mail'),
    LDAP_ATTR_FIRSTNAME: z.string().trim().min(1).default('givenName'),
    LDAP_ATTR_LASTNAME: z.string().trim().min(1).default('sn'),
    /** JSON: `[{"group":"<group DN>","organization":"<name>","role":"owner"|"member"}]`, followed at each sign-in. */
    LDAP_GROUP_MAP: ldapGroupMap.optional(),
    /** How long the directory may take to answer a step before sign-in says it is unavailable. */
    LDAP_TIMEOUT_MS: milliseconds.default(5_000),
    /** How often directory accounts are checked again; a disabled one's sessions end then. */
    LDAP_CHECK_INTERVAL_MS: milliseconds.default(5 * 60_000),
    /** An OpenAI-compatible API's base, `/v1` included: `{LLM_API_URL}/chat/completions` is called. */
    LLM_API_URL: optionalUrl(['http:', 'https:']),
    LLM_API_KEY: z.string().trim().min(1).optional(),
    LLM_MODEL: z.string().trim().min(1).max(200, 'must be at most 200 characters').optional(),
    /** How long the model may take before the factual summary is shown instead. */
    LLM_TIMEOUT_MS: milliseconds.default(10_000),
    TRUST_PROXY: trustProxy,
    /**
     * More names this server answers at, besides PUBLIC_URL's, `localhost` and IP addresses
     * (comma-separated host names, e.g. `figgle.lan,figgle-box`). A request naming any other host is
     * refused: a page on another site could otherwise reach Figgle through DNS rebinding.
     */
    ALLOWED_HOSTS: z
      .string()
      .trim()
      .default('')
      .transform((value) =>
        value
          .split(',')
          .map((name) => name.trim().toLowerCase())
          .filter(Boolean),
      )
      .pipe(
        z.array(z.string().regex(/^[a-z0-9.-]+$/, 'must be host names without ports, separated by commas')),
      ),
    /**
     * true: outgoing webhooks may target loopback and private addresses (a receiver on the same
     * machine or network). Off by default: a webhook URL must never reach inside the server's network.
     */
    WEBHOOKS_ALLOW_PRIVATE: z
      .enum(['true', 'false'], { error: 'must be true or false' })
      .default('false')
      .transform((value) => value === 'true'),
    /**
     * How long a webhook receiver has for its whole answer (the connection itself: 3 s at most).
     * Deliveries that time out this many times in a row pause the webhook (WEBHOOK_PAUSE_AFTER).
     */
    WEBHOOK_TIMEOUT_MS: milliseconds.default(10_000),
    WEBHOOK_PAUSE_AFTER: positiveWholeNumber.default(5),
    /**
     * Tests only: the server's clock may be moved forward over HTTP (clock/clock-control-routes.ts),
     * so a browser test sees a two-minute batch close or an 08:00 digest leave without waiting.
     * Refused unless NODE_ENV is test: a server people use must keep the real time.
     */
    TEST_CLOCK_CONTROL: z
      .enum(['true', 'false'], { error: 'must be true or false' })
      .default('false')
      .transform((value) => value === 'true'),
    /**
     * false: migrations run without the automatic backup first (db/pre-migration-backup.ts), for a
     * PostgreSQL kept by its own backups where pg_dump is not installed beside Figgle.
     */
    BACKUP_BEFORE_MIGRATING: z
      .enum(['true', 'false'], { error: 'must be true or false' })
      .default('true')
      .transform((value) => value === 'true'),
    /**
     * Turns on GET /metrics (Prometheus text) for scrapers that send `Authorization: Bearer <it>`.
     * Unset, /metrics answers 404 like any unknown address. Long and without spaces: it is a
     * password, sent as one header value.
     */
    METRICS_TOKEN: z
      .string()
      .min(32, 'must be at least 32 characters')
      .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces')
      .optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** 1: the start prints when each of its steps ended (start-timings.ts, read there before this runs). */
    FIGGLE_START_TIMINGS: z.enum(['0', '1'], { error: 'must be 0 or 1' }).default('0'),
    /** 1: each write prints when each hop of its live path ended (write-timings.ts, read there). */
    FIGGLE_WRITE_TIMINGS: z.enum(['0', '1'], { error: 'must be 0 or 1' }).default('0'),
  })
  .superRefine((env, ctx) => {
    const s3 = [env.S3_BUCKET, env.S3_ACCESS_KEY_ID, env.S3_SECRET_ACCESS_KEY];
    if (s3.some(Boolean) && !s3.every(Boolean)) {
      ctx.addIssue({
        code: 'custom',
        path: ['S3_BUCKET'],
        message: 'S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together',
      });
    }
    if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET)) {
      ctx.addIssue({
        code: 'custom',
        path: ['GOOGLE_CLIENT_ID'],
        message: 'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together',
      });
    }
    if (Boolean(env.FIGMA_OAUTH_CLIENT_ID) !== Boolean(env.FIGMA_OAUTH_CLIENT_SECRET)) {
      ctx.addIssue({
        code: 'custom',
        path: ['FIGMA_OAUTH_CLIENT_ID'],
        message: 'FIGMA_OAUTH_CLIENT_ID and FIGMA_OAUTH_CLIENT_SECRET must be set together',
      });
    }
    const oidc = [env.OIDC_ISSUER_URL, env.OIDC_CLIENT_ID, env.OIDC_CLIENT_SECRET];
    if (oidc.some(Boolean) && !oidc.every(Boolean)) {
      ctx.addIssue({
        code: 'custom',
        path: ['OIDC_ISSUER_URL'],
        message: 'OIDC_ISSUER_URL, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET must be set together',
      });
    }
    if (env.LDAP_URL) {
      for (const key of ['LDAP_BIND_DN', 'LDAP_BIND_PASSWORD', 'LDAP_SEARCH_BASE'] as const) {
        if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'is required with LDAP_URL' });
      }
    }
    const llm = [env.LLM_API_URL, env.LLM_API_KEY, env.LLM_MODEL];
    if (llm.some(Boolean) && !llm.every(Boolean)) {
      ctx.addIssue({
        code: 'custom',
        path: ['LLM_API_URL'],
        message: 'LLM_API_URL, LLM_API_KEY and LLM_MODEL must be set together',
      });
    }
    if (env.TEST_CLOCK_CONTROL && env.NODE_ENV !== 'test') {
      ctx.addIssue({
        code: 'custom',
        path: ['TEST_CLOCK_CONTROL'],
        message: `is for automated tests only (it lets this machine move the server's clock) and is refused with NODE_ENV=${env.NODE_ENV}: remove it`,
      });
    }
    if (env.NODE_ENV === 'production') {
      for (const key of ['SECRET', 'PUBLIC_URL', 'SMTP_URL'] as const) {
        if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'is required in production' });
      }
    }
  });

type ParsedEnv = z.infer<typeof envSchema>;

export type Env = Omit<ParsedEnv, 'SECRET' | 'PUBLIC_URL' | 'DATA_DIR'> & {
  SECRET: string;
  PUBLIC_URL: string;
  DATA_DIR: string;
};

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid settings:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  }
}

function isUrlWithProtocol(value: string, protocols: string[]): boolean {
  try {
    return protocols.includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/** Empty strings mean "not set", as a shell `FOO= npm start` intends. */
function withoutEmptyValues(source: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(Object.entries(source).filter((entry): entry is [string, string] => !!entry[1]));
}

/** A kept secret that is empty, cut short or not text would sign sessions with something guessable. */
const KEPT_SECRET = /^[\x21-\x7e]{32,}$/;

/** The kept secret is unusable: start stops with one line naming the file. */
export class SecretFileError extends Error {
  constructor(readonly file: string) {
    super(
      `${file} does not hold a usable secret (at least 32 characters, no spaces): put one there, set SECRET, or delete the file to have a new one made (everyone is then signed out and saved Figma tokens are lost).`,
    );
  }
}

function readKeptSecret(file: string): string | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const secret = text.trim();
  if (!KEPT_SECRET.test(secret)) throw new SecretFileError(file);
  return secret;
}

/**
 * Outside production a missing SECRET is generated once and kept in DATA_DIR, so sessions
 * and encrypted Figma tokens survive a restart with zero setup. It is written whole to a file of its
 * own and then linked into place: a crash leaves no half-written secret, and of two processes starting
 * together the second reads the first one's instead of replacing it.
 */
function secretKeptInDataDir(dataDir: string): string {
  const file = path.join(dataDir, 'secret');
  const kept = readKeptSecret(file);
  if (kept !== undefined) return kept;
  makePrivateDirSync(dataDir);
  const secret = randomBytes(32).toString('hex');
  const written = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    writeFileSync(written, secret, { mode: PRIVATE_FILE_MODE, flag: 'wx', flush: true });
    linkSync(written, file);
  } catch (error) {
    const theirs = (error as NodeJS.ErrnoException).code === 'EEXIST' ? readKeptSecret(file) : undefined;
    if (theirs === undefined) throw error;
    return theirs;
  } finally {
    try {
      unlinkSync(written);
    } catch {
      // Not written at all.
    }
  }
  return secret;
}

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const result = envSchema.safeParse(withoutEmptyValues(source));
  if (!result.success) {
    throw new EnvError(
      result.error.issues.map((issue) => `${issue.path.join('.') || 'settings'}: ${issue.message}`),
    );
  }
  const env = result.data;
  const dataDir = path.resolve(env.DATA_DIR);
  const shownHost = env.HOST === '0.0.0.0' || env.HOST === '::' ? 'localhost' : env.HOST;
  return {
    ...env,
    DATA_DIR: dataDir,
    SECRET: env.SECRET ?? secretKeptInDataDir(dataDir),
    PUBLIC_URL: (env.PUBLIC_URL ?? `http://${shownHost}:${env.PORT}`).replace(/\/+$/, ''),
    LLM_API_URL: env.LLM_API_URL?.replace(/\/+$/, ''),
  };
}
