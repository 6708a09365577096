/**
 * What the live-update benchmarks (bench/realtime.ts, bench/load.ts) share: the real server on each
 * database, members of one organization signed in through the API, and websocket clients of
 * /api/realtime that stamp each frame's arrival before doing anything else with it.
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { REALTIME_HEARTBEAT_MS } from '@figgle/shared/constants';
import {
  PROTOCOL_VERSION,
  REALTIME_PATH,
  SOCKETS_PER_PERSON,
  SOCKETS_PER_SESSION,
} from '@figgle/shared/realtime-protocol';
import { type FiggleServer, startFiggleServer } from '@figgle/test-support/figgle-server';
import { lastInvitationMail, nextInvitationToken } from '@figgle/test-support/invitation-mail';
import { MailCatcher } from '@figgle/test-support/mail-catcher';
import WebSocket from 'ws';
import { signUpBenchUser } from './bench-user.ts';
import type { Defer } from './cleanup.ts';
import { createScratchDatabase } from './scratch-database.ts';

export interface Member {
  userId: string;
  email: string;
  cookie: string;
  /** Where this member's requests come from (see signUpBenchUser). */
  address: string | undefined;
  signInAgain(): Promise<string>;
  api(pathname: string, init?: { method?: string; body?: unknown }): Promise<Response>;
}

export interface BenchDatabase {
  /** "PGlite" or "PostgreSQL": goes into each figure's name. */
  label: string;
  /** Settings for the server: none for the embedded database, DATABASE_URL for PostgreSQL. */
  settings: Record<string, string>;
}

/**
 * The databases a benchmark runs on: the embedded PGlite always, and a scratch database on
 * BENCH_DATABASE_URL when it is set (dropped when the benchmark ends).
 */
export async function* benchDatabases(defer: Defer): AsyncGenerator<BenchDatabase> {
  yield { label: 'PGlite', settings: {} };
  const adminUrl = process.env.BENCH_DATABASE_URL;
  if (!adminUrl) {
    console.log(
      '\nPostgreSQL: skipped (set BENCH_DATABASE_URL to a server the bench may create a database on)',
    );
    return;
  }
  const database = await createScratchDatabase(adminUrl, 'realtime');
  defer(() => database.drop());
  yield { label: 'PostgreSQL', settings: { DATABASE_URL: database.url } };
}

export interface BenchWorld {
  server: FiggleServer;
  mail: MailCatcher;
  /** members[0] owns the organization; the others joined it through invitations. */
  members: Member[];
  organizationId: string;
}

/** Starts the real server (API only) on `database` and fills one organization with `memberCount` members. */
export async function startWorld(
  defer: Defer,
  database: BenchDatabase,
  memberCount: number,
  /** More settings for the server (FIGGLE_WRITE_TIMINGS). */
  settings: Record<string, string> = {},
): Promise<BenchWorld> {
  const mail = new MailCatcher();
  await mail.start();
  defer(() => mail.stop());
  const server = await startWithRetries({
    SMTP_URL: mail.url,
    // Each member sends X-Forwarded-For with an address of their own (signUpMember).
    TRUST_PROXY: 'true',
    FIGGLE_SERVE_WEB: '0',
    LOG_LEVEL: 'warn',
    ...database.settings,
    ...settings,
  });
  defer(() => server.stop());
  const members: Member[] = [];
  for (let i = 0; i < memberCount; i++) members.push(await signUpMember(server.url, mail, i));
  const owner = members[0]!;
  const organization = (await expectStatus(
    owner.api('/api/organizations', { body: { name: 'Bench' } }),
    201,
  )) as { organization_id: string };
  for (const member of members.slice(1)) {
    const previous = await lastInvitationMail(mail, member.email);
    await expectStatus(
      owner.api(`/api/organizations/${organization.organization_id}/invitations`, {
        body: { firstname: 'Bench', lastname: 'Member', email: member.email },
      }),
      201,
    );
    const token = await nextInvitationToken(mail, member.email, previous);
    await expectStatus(member.api('/api/invitations/accept', { body: { token } }), 200);
  }
  return { server, mail, members, organizationId: organization.organization_id };
}

/** On a busy machine the first start (tsx compiling the server) can pass the helper's time limit. */
async function startWithRetries(settings: Record<string, string>): Promise<FiggleServer> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startFiggleServer(settings);
    } catch (error) {
      if (attempt >= 3) throw error;
      console.log(`server start attempt ${attempt} failed; retrying`);
    }
  }
}

/** A verified, signed-in member (sign-up, emailed link, sign-in), with an API caller. */
export async function signUpMember(url: string, mail: MailCatcher, index: number): Promise<Member> {
  const user = await signUpBenchUser(url, mail, {
    label: `bench-${index}`,
    firstname: 'Bench',
    lastname: String(index),
    address: `10.0.${Math.floor(index / 250)}.${(index % 250) + 1}`,
  });
  const api: Member['api'] = (pathname, init = {}) =>
    user.call(init.method ?? (init.body === undefined ? 'GET' : 'POST'), pathname, init.body);
  const me = (await (await api('/api/me')).json()) as { user_id: string };
  return {
    userId: me.user_id,
    email: user.email,
    cookie: user.cookie,
    address: user.address,
    signInAgain: user.signInAgain,
    api,
  };
}

/** A signed-in session a socket can be opened with, and the address it comes from. */
export interface SocketSession {
  cookie: string;
  address?: string | undefined;
}

/** How many members `sockets` sockets need within the server's cap per person (with room to spare). */
export function membersFor(sockets: number, atLeast: number): number {
  return Math.max(atLeast, Math.ceil(sockets / (SOCKETS_PER_PERSON - 10)));
}

/**
 * Sessions enough for `sockets` sockets spread round robin over `members`, within the server's caps
 * per session and per person (a real person's tabs are spread the same way over their browsers).
 */
export async function socketSessions(members: Member[], sockets: number): Promise<SocketSession[]> {
  const perMember = Math.ceil(sockets / members.length);
  if (perMember > SOCKETS_PER_PERSON) {
    throw new Error(
      `${sockets} sockets need more than ${members.length} members (${SOCKETS_PER_PERSON} each at most)`,
    );
  }
  const sessionsEach = Math.ceil(perMember / (SOCKETS_PER_SESSION - 5));
  const sessions: SocketSession[] = [];
  for (let round = 0; round < sessionsEach; round++) {
    for (const member of members) {
      const cookie = round === 0 ? member.cookie : await member.signInAgain();
      sessions.push({ cookie, address: member.address });
    }
  }
  return sessions;
}

async function expectStatus(response: Promise<Response>, status: number): Promise<unknown> {
  const answer = await response;
  if (answer.status !== status)
    throw new Error(`expected ${status}, got ${answer.status}: ${await answer.text()}`);
  return answer.status === 204 ? null : answer.json();
}

/** A project with `count` tasks, created through the API by `owner`. */
export async function createProjectWithTasks(
  owner: Member,
  organizationId: string,
  count: number,
): Promise<{ projectId: string; taskIds: string[] }> {
  const project = (await expectStatus(
    owner.api('/api/projects', {
      body: { name: 'Bench', trigram: 'BEN', organization_id: organizationId },
    }),
    201,
  )) as { project_id: string };
  const taskIds: string[] = [];
  for (let i = 0; i < count; i++) {
    const task = (await expectStatus(
      owner.api(`/api/projects/${project.project_id}/tasks`, { body: { title: `Benchmark task ${i}` } }),
      201,
    )) as { task_id: string };
    taskIds.push(task.task_id);
  }
  return { projectId: project.project_id, taskIds };
}

const HELLO = Buffer.from('{"type":"hello"');

/**
 * A socket that stamps every frame's arrival before anything else, and hands on its bytes: callers
 * match frames by searching the bytes (`Buffer.indexOf`), not by decoding and parsing them, because
 * hundreds of clients share this process and must not slow down what they measure.
 */
export function openSocket(
  url: string,
  cookie: string,
  onFrame?: (bytes: Buffer, at: number) => void,
  address?: string,
): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${url.replace(/^http/, 'ws')}${REALTIME_PATH}?v=${PROTOCOL_VERSION}`, {
      headers: { cookie, ...(address ? { 'x-forwarded-for': address } : {}) },
      perMessageDeflate: false,
    });
    let greeted = false;
    ws.once('error', reject);
    // Heartbeats as the web app sends them, or the server closes a long-running client as gone.
    const heartbeat = setInterval(() => ws.send('{"type":"ping"}'), REALTIME_HEARTBEAT_MS);
    ws.once('close', (code, reason) => {
      clearInterval(heartbeat);
      // Refused before its hello (a cap, a version): say so, rather than wait for ever.
      if (!greeted) reject(new Error(`socket closed before hello: ${code} ${reason.toString()}`));
    });
    ws.on('message', (data: Buffer) => {
      const at = performance.now();
      if (startsWith(data, HELLO)) {
        greeted = true;
        resolve(ws);
      }
      onFrame?.(data, at);
    });
  });
}

export function subscribe(ws: WebSocket, topic: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onMessage = (data: WebSocket.RawData) => {
      const text = data.toString();
      if (!text.includes(`"topic":${JSON.stringify(topic)}`)) return;
      const frame = JSON.parse(text) as { type: string; topic?: string };
      if (frame.topic !== topic || frame.type === 'event') return;
      ws.off('message', onMessage);
      if (frame.type === 'subscribed') resolve();
      else reject(new Error(`subscribe ${topic}: ${text}`));
    };
    ws.on('message', onMessage);
    ws.send(JSON.stringify({ type: 'subscribe', topic }));
  });
}

/** Whether the frame's bytes start with `prefix`. */
export function startsWith(bytes: Buffer, prefix: Buffer): boolean {
  return bytes.length >= prefix.length && bytes.subarray(0, prefix.length).equals(prefix);
}

const EVENT = Buffer.from('{"type":"event"');
const EVENTS = Buffer.from('{"type":"events"');
const BATCH = Buffer.from('{"type":"batch"');

/**
 * Whether the frame carries events: one (`event`), several sent together (`events`), or those of
 * one bulk change (`batch`).
 */
export function carriesEvents(bytes: Buffer): boolean {
  return startsWith(bytes, EVENT) || startsWith(bytes, EVENTS) || startsWith(bytes, BATCH);
}

/** How many times `needle` occurs in the frame's bytes. */
export function occurrences(bytes: Buffer, needle: Buffer): number {
  let count = 0;
  for (let at = bytes.indexOf(needle); at !== -1; at = bytes.indexOf(needle, at + needle.length)) count += 1;
  return count;
}

/** The value below which p % of the sorted values fall. */
export function percentile(sorted: number[], p: number): number {
  return (
    sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN
  );
}

/** Resident memory of a process, in bytes. */
export function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
}

export const ms = (value: number) => `${value.toFixed(1)} ms`;
export const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
export const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));
