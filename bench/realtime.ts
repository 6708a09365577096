// Live-update benchmark: a real Figgle server process, real websockets (`ws`), real HTTP.
//   node --import tsx bench/realtime.ts            (embedded PGlite)
//   DATABASE_URL=postgres://… node --import tsx bench/realtime.ts
// Prints: with 200 subscribed clients, the time from client A's status change to the event at every
// other client, p50/p99 over 200 changes; and the server's RSS with 1,000 idle sockets.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { PROTOCOL_VERSION, REALTIME_PATH, topics } from '@figgle/shared/realtime-protocol';
import WebSocket from 'ws';
import { MailCatcher } from '../e2e/support/mail-catcher.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 200);
const CHANGES = Number(process.env.BENCH_CHANGES ?? 200);
const IDLE_SOCKETS = Number(process.env.BENCH_IDLE_SOCKETS ?? 1000);
const USERS = 10;
const STATUSES = ['TODO', 'DOING', 'DONE', 'ARCHIVE'] as const;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function startServer(
  smtpUrl: string,
): Promise<{ url: string; child: ChildProcess; stop(): Promise<void> }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'figgle-bench-realtime-'));
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SMTP_URL: smtpUrl,
      FIGGLE_SERVE_WEB: '0',
      DATABASE_URL: process.env.DATABASE_URL ?? '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Figgle exited early:\n${output}`);
    if (
      await fetch(`${url}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (Date.now() > deadline) throw new Error(`Figgle did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    child,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

interface User {
  userId: string;
  cookie: string;
  api(pathname: string, init?: { method?: string; body?: unknown }): Promise<Response>;
}

async function createUser(url: string, mail: MailCatcher, index: number): Promise<User> {
  const email = `bench-${index}-${randomBytes(4).toString('hex')}@example.test`;
  const password = `pw-${randomBytes(6).toString('hex')}`;
  const json = { origin: url, 'content-type': 'application/json' };
  const signUp = await fetch(`${url}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({
      email,
      password,
      name: `Bench ${index}`,
      firstname: 'Bench',
      lastname: String(index),
    }),
  });
  if (!signUp.ok) throw new Error(`sign-up failed: ${await signUp.text()}`);
  const message = await mail.waitFor(email, /confirm/i);
  await fetch(MailCatcher.linkIn(message, url), { redirect: 'manual' });
  const signIn = await fetch(`${url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email, password }),
  });
  if (!signIn.ok) throw new Error(`sign-in failed: ${await signIn.text()}`);
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const api: User['api'] = (pathname, init = {}) =>
    fetch(`${url}${pathname}`, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers: {
        origin: url,
        cookie,
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  const me = (await (await api('/api/me')).json()) as { user_id: string };
  return { userId: me.user_id, cookie, api };
}

async function expectStatus(response: Promise<Response>, status: number): Promise<unknown> {
  const answer = await response;
  if (answer.status !== status)
    throw new Error(`expected ${status}, got ${answer.status}: ${await answer.text()}`);
  return answer.status === 204 ? null : answer.json();
}

/** A socket that stamps every frame's arrival before anything else. */
function openSocket(
  url: string,
  cookie: string,
  onFrame?: (text: string, at: number) => void,
): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${url.replace(/^http/, 'ws')}${REALTIME_PATH}?v=${PROTOCOL_VERSION}`, {
      headers: { cookie },
      perMessageDeflate: false,
    });
    ws.once('error', reject);
    ws.on('message', (data) => {
      const at = performance.now();
      const text = data.toString();
      if (text.startsWith('{"type":"hello"')) resolve(ws);
      onFrame?.(text, at);
    });
  });
}

function subscribe(ws: WebSocket, topic: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onMessage = (data: WebSocket.RawData) => {
      const frame = JSON.parse(data.toString()) as { type: string; topic?: string };
      if (frame.topic !== topic) return;
      ws.off('message', onMessage);
      if (frame.type === 'subscribed') resolve();
      else reject(new Error(`subscribe ${topic}: ${JSON.stringify(frame)}`));
    };
    ws.on('message', onMessage);
    ws.send(JSON.stringify({ type: 'subscribe', topic }));
  });
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const ms = (value: number) => `${value.toFixed(2)} ms`;

function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb * 1024;
}

async function main(): Promise<void> {
  const mail = new MailCatcher();
  await mail.start();
  const server = await startServer(mail.url);
  const sockets: WebSocket[] = [];
  try {
    console.log(
      `Figgle realtime benchmark (${process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite'}, Node ${process.version})`,
    );
    const users: User[] = [];
    for (let i = 0; i < USERS; i++) users.push(await createUser(server.url, mail, i));
    const [a, ...others] = users as [User, ...User[]];
    const organization = (await expectStatus(
      a.api('/api/organizations', { body: { name: 'Bench' } }),
      201,
    )) as {
      organization_id: string;
    };
    for (const other of others) {
      const me = (await (await other.api('/api/me')).json()) as { email: string };
      await expectStatus(
        a.api(`/api/organizations/${organization.organization_id}/invitations`, {
          body: { firstname: 'Bench', lastname: 'Member', email: me.email },
        }),
        201,
      );
    }
    const project = (await expectStatus(
      a.api('/api/projects', {
        body: { name: 'Bench', trigram: 'BEN', organization_id: organization.organization_id },
      }),
      201,
    )) as { project_id: string };
    const task = (await expectStatus(
      a.api(`/api/projects/${project.project_id}/tasks`, { body: { title: 'Benchmark task' } }),
      201,
    )) as { task_id: string };
    const topic = topics.tasks(project.project_id);

    // 200 clients on the board: client 0 is A (who makes the changes), the others spread over the users.
    let expectedVersion = 0;
    let sentAt = 0;
    const latencies: number[] = [];
    const slowest: number[] = [];
    const answers: number[] = [];
    const spreads: number[] = [];
    let firstAt = 0;
    let pending = 0;
    let wake: () => void = () => {};
    const marker = `"id":"${task.task_id}"`;
    for (let i = 0; i < CLIENTS; i++) {
      const user = i === 0 ? a : others[i % others.length]!;
      const ws = await openSocket(server.url, user.cookie, (text, at) => {
        if (i === 0 || !text.startsWith('{"type":"event"') || !text.includes(marker)) return;
        // A string check, not JSON.parse: the 199 clients share this process and must not slow it.
        if (!text.includes(`"version":${expectedVersion},`)) return;
        latencies.push(at - sentAt);
        if (pending === CLIENTS - 1) firstAt = at;
        pending -= 1;
        if (pending === 0) {
          slowest.push(at - sentAt);
          spreads.push(at - firstAt);
          wake();
        }
      });
      await subscribe(ws, topic);
      sockets.push(ws);
    }

    let version = ((await (await a.api(`/api/tasks/${task.task_id}`)).json()) as { version: number }).version;
    for (let change = 0; change < CHANGES; change++) {
      expectedVersion = version + 1;
      pending = CLIENTS - 1;
      const delivered = new Promise<void>((resolve) => {
        wake = resolve;
      });
      sentAt = performance.now();
      const answer = (await expectStatus(
        a.api(`/api/tasks/${task.task_id}`, {
          method: 'PATCH',
          body: { status: STATUSES[(change + 1) % 4] },
        }),
        200,
      )) as { version: number };
      answers.push(performance.now() - sentAt);
      version = answer.version;
      await Promise.race([
        delivered,
        new Promise((_, reject) =>
          setTimeout(() => reject(new Error(`change ${change}: ${pending} clients missed it`)), 10_000),
        ),
      ]);
    }
    latencies.sort((x, y) => x - y);
    slowest.sort((x, y) => x - y);
    answers.sort((x, y) => x - y);
    spreads.sort((x, y) => x - y);
    console.log(
      `\nStatus change → event at every other client (${CLIENTS} clients, ${CHANGES} changes, ${latencies.length} deliveries)`,
    );
    console.log(
      `  per delivery:        p50 ${ms(percentile(latencies, 50))}   p99 ${ms(percentile(latencies, 99))}   max ${ms(latencies.at(-1)!)}`,
    );
    console.log(
      `  last client reached: p50 ${ms(percentile(slowest, 50))}   p99 ${ms(percentile(slowest, 99))}   (target p99 ≤ 15 ms)`,
    );
    console.log(
      `  first to last client: p50 ${ms(percentile(spreads, 50))}   p99 ${ms(percentile(spreads, 99))}   (the fan-out itself)`,
    );
    console.log(
      `  for reference, A's HTTP answer: p50 ${ms(percentile(answers, 50))}   p99 ${ms(percentile(answers, 99))}`,
    );

    for (const ws of sockets.splice(0)) ws.close();
    await new Promise((resolve) => setTimeout(resolve, 500));
    const before = rssOf(server.child.pid!);
    for (let i = 0; i < IDLE_SOCKETS; i++) {
      const ws = await openSocket(server.url, users[i % users.length]!.cookie);
      await subscribe(ws, topic);
      sockets.push(ws);
    }
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const after = rssOf(server.child.pid!);
    const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
    console.log(`\nServer memory with ${IDLE_SOCKETS} idle sockets (each subscribed to the board)`);
    console.log(
      `  RSS before: ${mb(before)}   with sockets: ${mb(after)}   per socket: ${((after - before) / IDLE_SOCKETS / 1024).toFixed(1)} KB   (target ≤ 300 MB)`,
    );
  } finally {
    for (const ws of sockets) ws.terminate();
    await server.stop();
    await mail.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
