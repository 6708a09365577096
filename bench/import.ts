// Import benchmark (issue 28, "Must show"): a Trello board of 5,000 cards with 20,000 comments in
// ≤ 20 s on PGlite, a CSV file of 50,000 rows in ≤ 30 s, the server's RSS ≤ 400 MB during both.
//   node --import tsx bench/import.ts
// Each import is timed from the first byte sent to the run being done: upload, reading the file,
// and the job writing every batch. The server's memory is read from /proc/<pid>/status every 100 ms.
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import type { ImportView } from '@figgle/shared/import-schemas';
import { startFiggleServer } from '@figgle/test-support/figgle-server';
import { MailCatcher } from '@figgle/test-support/mail-catcher';
import { trelloBoard } from '@figgle/test-support/trello-board';
import { type Defer, runBench } from './support/cleanup.ts';
import { type Member, signUpMember } from './support/realtime-clients.ts';
import { reportFigure } from './support/report.ts';

const CARDS = 5_000;
const COMMENTS_PER_CARD = 4;
const CSV_ROWS = 50_000;
const TRELLO_TARGET_S = 20;
const CSV_TARGET_S = 30;
const RSS_TARGET_MB = 400;

/** The largest resident set seen while `work` runs. */
async function withPeakRss<T>(pid: number, work: () => Promise<T>): Promise<{ result: T; peakMb: number }> {
  let peak = 0;
  const sample = () => {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    peak = Math.max(peak, kb);
  };
  sample();
  const timer = setInterval(sample, 100);
  try {
    const result = await work();
    sample();
    return { result, peakMb: peak / 1024 };
  } finally {
    clearInterval(timer);
  }
}

async function importFile(
  url: string,
  member: Member,
  projectId: string,
  name: string,
  body: string,
  input: (run: ImportView) => object,
): Promise<ImportView> {
  const sent = await fetch(`${url}/api/projects/${projectId}/imports?file_name=${encodeURIComponent(name)}`, {
    method: 'POST',
    headers: { origin: url, cookie: member.cookie, 'content-type': 'application/octet-stream' },
    body,
  });
  if (sent.status !== 201) throw new Error(`upload: ${sent.status} ${await sent.text()}`);
  const run = (await sent.json()) as ImportView;
  const started = await member.api(`/api/imports/${run.import_id}/start`, { body: input(run) });
  if (started.status !== 200) throw new Error(`start: ${started.status} ${await started.text()}`);
  for (;;) {
    const read = (await (await member.api(`/api/imports/${run.import_id}`)).json()) as ImportView;
    if (read.state === 'done') return read;
    if (read.state === 'failed') throw new Error(`import failed: ${read.error}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function csvOf(rows: number): string {
  const statuses = ['To Do', 'Doing', 'Done'];
  const priorities = ['High', 'Medium', 'Low', ''];
  const lines = ['Title,Description,Status,Due date,Priority,Labels'];
  for (let n = 0; n < rows; n++) {
    const due = n % 3 === 0 ? `2026-0${1 + (n % 9)}-1${n % 10}` : '';
    lines.push(
      `Row task ${n + 1},"Imported from the old tracker, line ${n + 1}",${statuses[n % 3]},${due},${priorities[n % 4]},"${n % 2 ? 'Ops' : 'Web'}, Q${1 + (n % 4)}"`,
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

async function main(defer: Defer): Promise<void> {
  console.log(`Figgle import benchmark (Node ${process.version})`);
  const mail = new MailCatcher();
  await mail.start();
  defer(() => mail.stop());
  const server = await startFiggleServer(
    { SMTP_URL: mail.url, FIGGLE_SERVE_WEB: '0' },
    { startTimeoutMs: 180_000 },
  );
  defer(() => server.stop());
  const member = await signUpMember(server.url, mail, 0);
  const organization = (await (
    await member.api('/api/organizations', { body: { name: 'Bench' } })
  ).json()) as { organization_id: string };
  const project = async (name: string) => {
    const response = await member.api('/api/projects', {
      body: { name, trigram: name.slice(0, 3), organization_id: organization.organization_id },
    });
    return ((await response.json()) as { project_id: string }).project_id;
  };

  const board = JSON.stringify(
    trelloBoard({ cards: CARDS, commentsPerCard: [COMMENTS_PER_CARD], lists: ['To Do', 'Doing', 'Done'] })
      .board,
  );
  console.log(
    `Trello board: ${CARDS} cards, ${CARDS * COMMENTS_PER_CARD} comments, ${(board.length / 1e6).toFixed(1)} MB`,
  );
  const trelloProject = await project('Trello');
  const trello = await withPeakRss(server.pid, async () => {
    const started = performance.now();
    const run = await importFile(
      server.url,
      member,
      trelloProject,
      'board.json',
      board,
      (analysed: ImportView) =>
        analysed.analysis.format === 'trello'
          ? {
              trello_lists: Object.fromEntries(
                analysed.analysis.lists.map((list) => [list.list_id, list.suggested_status]),
              ),
            }
          : {},
    );
    return { run, seconds: (performance.now() - started) / 1000 };
  });
  if (
    trello.result.run.imported.tasks !== CARDS ||
    trello.result.run.imported.comments !== CARDS * COMMENTS_PER_CARD
  )
    throw new Error(`Trello import incomplete: ${JSON.stringify(trello.result.run.imported)}`);
  console.log(`Trello: ${trello.result.seconds.toFixed(1)} s, peak RSS ${trello.peakMb.toFixed(0)} MB`);

  const csv = csvOf(CSV_ROWS);
  console.log(`CSV: ${CSV_ROWS} rows, ${(csv.length / 1e6).toFixed(1)} MB`);
  const csvProject = await project('Csv');
  const table = await withPeakRss(server.pid, async () => {
    const started = performance.now();
    const run = await importFile(server.url, member, csvProject, 'tasks.csv', csv, (analysed: ImportView) =>
      analysed.analysis.format === 'csv' ? { csv_columns: analysed.analysis.suggested_columns } : {},
    );
    return { run, seconds: (performance.now() - started) / 1000 };
  });
  if (table.result.run.imported.tasks !== CSV_ROWS)
    throw new Error(`CSV import incomplete: ${JSON.stringify(table.result.run.imported)}`);
  console.log(`CSV: ${table.result.seconds.toFixed(1)} s, peak RSS ${table.peakMb.toFixed(0)} MB`);

  reportFigure({
    figure: `import: Trello board, ${CARDS.toLocaleString('en')} cards + ${(CARDS * COMMENTS_PER_CARD).toLocaleString('en')} comments, PGlite`,
    target: `≤ ${TRELLO_TARGET_S} s`,
    measured: `${trello.result.seconds.toFixed(1)} s`,
    pass: trello.result.seconds <= TRELLO_TARGET_S,
  });
  reportFigure({
    figure: `import: CSV, ${CSV_ROWS.toLocaleString('en')} rows, PGlite`,
    target: `≤ ${CSV_TARGET_S} s`,
    measured: `${table.result.seconds.toFixed(1)} s`,
    pass: table.result.seconds <= CSV_TARGET_S,
  });
  const peak = Math.max(trello.peakMb, table.peakMb);
  reportFigure({
    figure: 'import: server RSS during both imports, peak',
    target: `≤ ${RSS_TARGET_MB} MB`,
    measured: `${peak.toFixed(0)} MB`,
    pass: peak <= RSS_TARGET_MB,
  });
}

runBench(main);
