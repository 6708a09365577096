// Imports under load (issue 37, item 6): the audit sent four 48 MB Trello boards at once and the server
// went from 206 to 545 MB while /healthz stalled 3.4 s. This sends the same load twice, four files at
// once from one member and then one file from each of four members, lets every accepted file be
// imported, and meanwhile asks /healthz every 25 ms and reads the server's RSS every 100 ms.
//   node --import tsx bench/import-load.ts
// Targets: /healthz answers within 100 ms throughout, and the server's RSS stays under the 400 MB of
// the import benchmark (bench/import.ts).
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import type { ImportView } from '@figgle/shared/import-schemas';
import { startFiggleServer } from '@figgle/test-support/figgle-server';
import { MailCatcher } from '@figgle/test-support/mail-catcher';
import { trelloBoard } from '@figgle/test-support/trello-board';
import { type Defer, runBench } from './support/cleanup.ts';
import { type Member, signUpMember } from './support/realtime-clients.ts';
import { reportFigure } from './support/report.ts';

const FILE_MB = 48;
const FILES = Number(process.env.FILES ?? 4);
const HEALTH_TARGET_MS = 100;
const RSS_TARGET_MB = 400;

/**
 * Asks /healthz one request after another, 25 ms apart, until stopped: every answer's time. It runs in
 * a thread of its own, so the bench's own work (making and sending the files) does not delay it.
 */
function probeHealth(url: string) {
  const probe = new Worker(
    `
    const { parentPort, workerData } = require('node:worker_threads');
    const times = [];
    const slow = [];
    const failures = [];
    const origin = performance.now();
    let running = true;
    parentPort.on('message', () => { running = false; });
    (async () => {
      while (running) {
        const started = performance.now();
        const answer = await fetch(workerData.url + '/healthz').catch((error) => ({ status: String(error), arrayBuffer: async () => {} }));
        const took = performance.now() - started;
        await answer.arrayBuffer().catch(() => {});
        if (answer.status === 200) times.push(took);
        else failures.push(answer.status);
        if (took > workerData.slowMs) slow.push(took.toFixed(0) + ' ms at ' + ((started - origin) / 1000).toFixed(1) + ' s');
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      parentPort.postMessage({ times, slow, failures });
    })();
    `,
    { eval: true, workerData: { url, slowMs: HEALTH_TARGET_MS } },
  );
  return async () => {
    const result = new Promise<{ times: number[]; slow: string[]; failures: unknown[] }>((resolve) =>
      probe.once('message', resolve),
    );
    probe.postMessage('stop');
    const { times, slow, failures } = await result;
    await probe.terminate();
    times.sort((a, b) => a - b);
    return {
      times,
      slow,
      failures,
      max: times.at(-1) ?? 0,
      p50: times[Math.floor(times.length * 0.5)] ?? 0,
      p99: times[Math.floor(times.length * 0.99)] ?? 0,
    };
  };
}

/** The largest RSS of `pid` until stopped, in MB. */
function watchRss(pid: number) {
  let peakKb = 0;
  const sample = () => {
    let status = '';
    try {
      status = readFileSync(`/proc/${pid}/status`, 'utf8');
    } catch {
      return; // the server has stopped
    }
    peakKb = Math.max(peakKb, Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0));
  };
  sample();
  const timer = setInterval(sample, 100);
  return () => {
    clearInterval(timer);
    sample();
    return peakKb / 1024;
  };
}

/**
 * The machine's load average over the last minute: /healthz waits for the batch under way, whose
 * time grows with the other work on the machine's cores, so each figure is read beside it.
 */
const loadAverage = () => loadavg()[0]!.toFixed(1);

/** A Trello board of about `megabytes` MB: 5,000 cards with 4 comments each make about 5.6 MB. */
function boardOfSize(megabytes: number): string {
  let cards = 5_000;
  for (;;) {
    const text = JSON.stringify(
      trelloBoard({ cards, commentsPerCard: [4], lists: ['To Do', 'Doing', 'Done'] }).board,
    );
    if (text.length >= megabytes * 1e6) return text;
    cards = Math.ceil((cards * megabytes * 1e6) / text.length) + 100;
  }
}

async function sendAndImport(url: string, member: Member, projectId: string, board: string) {
  const sent = await fetch(`${url}/api/projects/${projectId}/imports?file_name=board.json`, {
    method: 'POST',
    headers: { origin: url, cookie: member.cookie, 'content-type': 'application/octet-stream' },
    body: board,
  });
  const answeredAt = performance.now();
  if (sent.status !== 201)
    return { status: sent.status, code: ((await sent.json()) as { code: string }).code, answeredAt };
  const run = (await sent.json()) as ImportView;
  if (run.analysis.format !== 'trello') throw new Error(`read as ${run.analysis.format}`);
  const lists = Object.fromEntries(run.analysis.lists.map((list) => [list.list_id, list.suggested_status]));
  const started = await member.api(`/api/imports/${run.import_id}/start`, { body: { trello_lists: lists } });
  if (started.status !== 200) throw new Error(`start: ${started.status} ${await started.text()}`);
  for (;;) {
    const read = (await (await member.api(`/api/imports/${run.import_id}`)).json()) as ImportView;
    if (read.state === 'done') return { status: 201, code: 'imported', answeredAt };
    if (read.state === 'failed') throw new Error(`import failed: ${read.error}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function main(defer: Defer): Promise<void> {
  console.log(`Figgle imports under load (Node ${process.version})`);
  const mail = new MailCatcher();
  await mail.start();
  defer(() => mail.stop());
  const server = await startFiggleServer(
    { SMTP_URL: mail.url, FIGGLE_SERVE_WEB: '0' },
    { startTimeoutMs: 180_000 },
  );
  defer(() => server.stop());
  const members: Array<{ member: Member; projectId: string }> = [];
  for (let n = 0; n < FILES; n++) {
    const member = await signUpMember(server.url, mail, n);
    const organization = (await (
      await member.api('/api/organizations', { body: { name: `Load ${n}` } })
    ).json()) as { organization_id: string };
    const project = (await (
      await member.api('/api/projects', {
        body: { name: 'Boards', trigram: 'BRD', organization_id: organization.organization_id },
      })
    ).json()) as { project_id: string };
    members.push({ member, projectId: project.project_id });
  }
  const board = boardOfSize(FILE_MB);
  // Each file sent is distinct, so none is refused as the same file imported twice.
  let copies = 0;
  const nextCopy = () => {
    copies += 1;
    return board.replace('"name":"', `"name":"Copy ${copies} of `);
  };
  console.log(`Trello boards of ${(board.length / 1e6).toFixed(1)} MB each`);

  const scenarios = [
    { name: `${FILES} files at once from one member`, senders: members.map(() => members[0]!) },
    { name: `one file from each of ${FILES} members at once`, senders: members },
  ];
  let worstHealth = 0;
  let worstRss = 0;
  for (const scenario of scenarios) {
    const baseRss = watchRss(server.pid)();
    const loadBefore = loadAverage();
    const stopHealth = probeHealth(server.url);
    const stopRss = watchRss(server.pid);
    const started = performance.now();
    const outcomes = await Promise.all(
      scenario.senders.map((sender) => {
        const sentAt = performance.now();
        return sendAndImport(server.url, sender.member, sender.projectId, nextCopy()).then((outcome) => {
          const at = ((performance.now() - started) / 1000).toFixed(1);
          console.log(
            `  ${outcome.status} ${outcome.code}, answered in ${((outcome.answeredAt - sentAt) / 1000).toFixed(1)} s, done at ${at} s`,
          );
          return outcome;
        });
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const health = await stopHealth();
    const peakRss = stopRss();
    const summary = outcomes.map((outcome) => `${outcome.status} ${outcome.code}`).join(', ');
    console.log(
      `${scenario.name}: ${summary}; ${seconds.toFixed(1)} s; /healthz ${health.times.length} answers, ` +
        `p50 ${health.p50.toFixed(0)} ms, p99 ${health.p99.toFixed(0)} ms, max ${health.max.toFixed(0)} ms, ${health.failures.length} failed; ` +
        `RSS ${baseRss.toFixed(0)} → peak ${peakRss.toFixed(0)} MB; load average ${loadBefore} → ${loadAverage()}`,
    );
    if (health.slow.length > 0)
      console.log(`  /healthz slower than ${HEALTH_TARGET_MS} ms: ${health.slow.join(', ')}`);
    if (health.failures.length > 0)
      throw new Error(
        `/healthz failed ${health.failures.length} times: ${[...new Set(health.failures)].join(', ')}`,
      );
    worstHealth = Math.max(worstHealth, health.max);
    worstRss = Math.max(worstRss, peakRss);
  }
  reportFigure({
    figure: `imports under load: /healthz, slowest answer during ${FILES}×${FILE_MB} MB imports`,
    target: `≤ ${HEALTH_TARGET_MS} ms`,
    measured: `${worstHealth.toFixed(0)} ms`,
    pass: worstHealth <= HEALTH_TARGET_MS,
  });
  reportFigure({
    figure: `imports under load: server RSS during ${FILES}×${FILE_MB} MB imports, peak`,
    target: `≤ ${RSS_TARGET_MB} MB`,
    measured: `${worstRss.toFixed(0)} MB`,
    pass: worstRss <= RSS_TARGET_MB,
  });
}

runBench(main);
