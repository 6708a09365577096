// Search benchmark (issue 25): the real server process, real HTTP, on PGlite and on PostgreSQL.
//   node --import tsx bench/search.ts
//   BENCH_DATABASE_URL=postgresql://figgle:figgle@127.0.0.1:5432/figgle_test node --import tsx bench/search.ts
// Seeds 3 organizations, 50 projects, 100,000 tasks and 500,000 comments with generate_series over
// word lists (the search triggers of migration 0010 index them as any write would), then reports:
// - GET /api/search p50 and p95 over 200 varied queries (one word, two words, a typo, a reference, a
//   rare word, a very common word), all kinds, 20 per group; targets p95 ≤ 60 ms on PGlite and
//   ≤ 30 ms on PostgreSQL;
// - PATCH /api/tasks/:taskId (a title change, its search vector rewritten in the same statement)
//   p99 over 200 changes, against bench/board's (c) target of 15 ms.
// BENCH_SEARCH_TASKS / BENCH_SEARCH_COMMENTS change the size (for a quick try, not for the figures).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { type FiggleServer, startFiggleServer } from '@figgle/test-support/figgle-server';
import { MailCatcher } from '@figgle/test-support/mail-catcher';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { type Defer, runBench } from './support/cleanup.ts';
import { type Member, signUpMember } from './support/realtime-clients.ts';
import { reportFigure } from './support/report.ts';
import { createScratchDatabase } from './support/scratch-database.ts';

const TASKS = Number(process.env.BENCH_SEARCH_TASKS ?? 100_000);
const COMMENTS = Number(process.env.BENCH_SEARCH_COMMENTS ?? 500_000);
const PROJECTS = 50;
const QUERIES = 200;
const WARM_UP = 20;
const TITLE_CHANGES = 200;
const TARGET_P95_MS = { PGlite: 60, PostgreSQL: 30 } as const;
/** bench/board's (c) target: a task change's p99. */
const TITLE_CHANGE_P99_MS = 15;

type Label = keyof typeof TARGET_P95_MS;

// Word lists: titles draw a verb, an adjective and two nouns; descriptions and comments a dozen
// words. A verb is in 1 title of 20, "the" in every description and comment; the rare words in a
// few dozen tasks each.
const VERBS = [
  'fix',
  'add',
  'remove',
  'update',
  'review',
  'design',
  'test',
  'migrate',
  'refactor',
  'document',
  'deploy',
  'measure',
  'polish',
  'rename',
  'translate',
  'simplify',
  'validate',
  'archive',
  'prepare',
  'check',
];
const ADJECTIVES = [
  'broken',
  'slow',
  'new',
  'mobile',
  'legacy',
  'empty',
  'shared',
  'private',
  'public',
  'dark',
  'crowded',
  'animated',
  'secure',
  'offline',
  'pending',
  'unread',
  'yearly',
  'monthly',
  'quick',
  'silent',
  'naïve',
  'élégant',
  'rapide',
  'complète',
  'première',
];
const NOUNS = [
  'checkout',
  'invoice',
  'basket',
  'payment',
  'login',
  'signup',
  'dashboard',
  'report',
  'export',
  'import',
  'header',
  'footer',
  'sidebar',
  'modal',
  'tooltip',
  'button',
  'avatar',
  'profile',
  'settings',
  'password',
  'webhook',
  'calendar',
  'reminder',
  'notification',
  'search',
  'filter',
  'label',
  'comment',
  'attachment',
  'upload',
  'preview',
  'thumbnail',
  'gallery',
  'carousel',
  'banner',
  'coupon',
  'voucher',
  'shipping',
  'delivery',
  'warehouse',
  'inventory',
  'catalogue',
  'pricing',
  'discount',
  'receipt',
  'refund',
  'subscription',
  'newsletter',
  'onboarding',
  'tutorial',
  'café',
  'résumé',
  'menu',
  'agenda',
  'roadmap',
  'milestone',
  'backlog',
  'sprint',
  'release',
  'changelog',
];
const FILLER = [
  'the',
  'and',
  'with',
  'for',
  'when',
  'after',
  'before',
  'because',
  'maybe',
  'please',
  'again',
  'users',
  'page',
  'screen',
  'data',
  'team',
  'client',
  'today',
  'tomorrow',
  'figma',
  'design',
  'spec',
];
const RARE = ['xylophone', 'quasar', 'zeppelin', 'marzipan', 'kumquat', 'obsidian', 'tamarind', 'wolfram'];

const sqlArray = (words: string[]) => `ARRAY[${words.map((word) => `'${word}'`).join(',')}]`;

/** Rows through plain SQL, on whichever database: PGlite's own handle or a pg client. */
type Run = (text: string) => Promise<Array<Record<string, unknown>>>;

async function seed(run: Run, userId: string, mainOrg: string): Promise<void> {
  await run(`
    INSERT INTO organization (name) VALUES ('Side'), ('Elsewhere');
    INSERT INTO rule (organization_id, user_id, role)
      SELECT organization_id, '${userId}'::uuid, 'MEMBER' FROM organization WHERE name = 'Side';
    INSERT INTO app_user (auth_user_id, email, firstname, lastname)
      SELECT 'bench-search-' || g, 'colleague-' || g || '@example.test',
        (ARRAY['Chloé','Hugo','Zoë','Liam','Inès','Noah','Léa','Omar','Maëlle','Sven'])[1 + g % 10], 'Colleague' || g
      FROM generate_series(1, 20) g;
    INSERT INTO rule (organization_id, user_id, role)
      SELECT o.organization_id, u.user_id, 'MEMBER'
      FROM organization o CROSS JOIN app_user u WHERE u.auth_user_id LIKE 'bench-search-%';
    CREATE TABLE bench_org AS
      SELECT organization_id, name FROM organization
      WHERE organization_id = '${mainOrg}' OR name IN ('Side', 'Elsewhere');
    -- 30 projects in Main, 10 in Side (both the user's), 10 in Elsewhere (another tenant's).
    INSERT INTO project (organization_id, name, trigram, emoji)
      SELECT CASE WHEN g <= 30 THEN '${mainOrg}'::uuid
                  WHEN g <= 40 THEN (SELECT organization_id FROM bench_org WHERE name = 'Side')
                  ELSE (SELECT organization_id FROM bench_org WHERE name = 'Elsewhere') END,
        (${sqlArray(NOUNS)})[1 + g % ${NOUNS.length}] || ' project ' || g, 'P' || lpad(g::text, 2, '0'), 'fox'
      FROM generate_series(1, ${PROJECTS}) g;
    CREATE TABLE bench_project AS
      SELECT project_id, organization_id, (row_number() OVER (ORDER BY trigram) - 1)::int AS n
      FROM project WHERE trigram ~ '^P[0-9]{2}$';
    CREATE TABLE bench_user AS
      SELECT user_id, (row_number() OVER (ORDER BY auth_user_id) - 1)::int AS n
      FROM app_user WHERE auth_user_id LIKE 'bench-search-%';
  `);
  const words = (list: string[], seedExpr: string) =>
    `(${sqlArray(list)})[1 + (${seedExpr}) % ${list.length}]`;
  const sentence = (count: number, salt: number) =>
    Array.from({ length: count }, (_, i) =>
      i % 3 === 0
        ? words(FILLER, `g * ${7 + i * salt} + ${i}`)
        : words(NOUNS, `g * ${31 + i * 17 * salt} / ${1 + i}`),
    ).join(` || ' ' || `);
  for (let from = 1; from <= TASKS; from += 25_000) {
    const to = Math.min(TASKS, from + 24_999);
    await run(`
      INSERT INTO task (project_id, reference, title, status, rank, author_id, assignee_id,
        content_json, created_at, updated_at)
      SELECT p.project_id, (g - 1) / ${PROJECTS} + 1,
        initcap(${words(VERBS, 'g')}) || ' ' || ${words(ADJECTIVES, 'g * 7')} || ' ' || ${words(NOUNS, 'g * 13')}
          || ' ' || ${words(NOUNS, 'g / 7')}
          || CASE WHEN g % 2500 = 0 THEN ' ' || ${words(RARE, 'g / 2500')} ELSE '' END,
        (ARRAY['TODO','DOING','DONE','ARCHIVE'])[1 + (g * 7) % 4],
        'a' || lpad(g::text, 7, '0'), u.user_id, CASE WHEN g % 3 = 0 THEN NULL ELSE u.user_id END,
        jsonb_build_object('ops', jsonb_build_array(jsonb_build_object('insert',
          'The ' || ${sentence(12, 1)} || E'.\\n'))),
        now() - (g % 365) * interval '1 day', now() - (g % 20000) * interval '1 minute'
      FROM generate_series(${from}, ${to}) g
      JOIN bench_project p ON p.n = g % ${PROJECTS}
      JOIN bench_user u ON u.n = g % 20;
    `);
    console.log(`  ${to.toLocaleString('en-US')} tasks`);
  }
  await run(`
    UPDATE project SET last_reference = ${Math.ceil(TASKS / PROJECTS)} WHERE trigram ~ '^P[0-9]{2}$';
    CREATE TABLE bench_task AS
      SELECT task_id, (row_number() OVER (ORDER BY task_id) - 1)::int AS n FROM task
      WHERE project_id IN (SELECT project_id FROM bench_project);
    CREATE INDEX ON bench_task (n);
  `);
  for (let from = 1; from <= COMMENTS; from += 100_000) {
    const to = Math.min(COMMENTS, from + 99_999);
    await run(`
      INSERT INTO comment (task_id, author_id, content_json, created_at)
      SELECT t.task_id, u.user_id,
        jsonb_build_object('ops', jsonb_build_array(jsonb_build_object('insert',
          'I think the ' || ${sentence(9, 2)}
            || CASE WHEN g % 10000 = 0 THEN ' ' || ${words(RARE, 'g / 10000')} ELSE '' END || E'\\n'))),
        now() - (g % 500000) * interval '1 minute'
      FROM generate_series(${from}, ${to}) g
      JOIN bench_task t ON t.n = (g::bigint * 7919) % ${TASKS}
      JOIN bench_user u ON u.n = g % 20;
    `);
    console.log(`  ${to.toLocaleString('en-US')} comments`);
  }
  await run('DROP TABLE bench_task, bench_user, bench_project, bench_org');
  await run('VACUUM ANALYZE');
}

/** 200 queries, a sixth of each kind, in a fixed shuffled order (the same on both databases). */
function queries(codes: string[]): Array<{ kind: string; q: string; context?: string }> {
  let state = 42;
  const random = (n: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state % n;
  };
  const pick = <T>(list: T[]) => list[random(list.length)]!;
  const typo = (word: string) => {
    const at = 1 + random(word.length - 3);
    return word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2);
  };
  const list: Array<{ kind: string; q: string; context?: string }> = [];
  const longNouns = NOUNS.filter((noun) => noun.length >= 6 && !/[^a-z]/.test(noun));
  for (let i = 0; list.length < QUERIES; i++) {
    switch (i % 6) {
      case 0:
        list.push({ kind: 'one word', q: i % 12 === 0 ? pick(NOUNS).slice(0, 5) : pick(NOUNS) });
        break;
      case 1:
        list.push({ kind: 'two words', q: `${pick(ADJECTIVES)} ${pick(NOUNS)}` });
        break;
      case 2:
        list.push({ kind: 'typo', q: typo(pick(longNouns)) });
        break;
      case 3:
        list.push(
          i % 12 === 3
            ? { kind: 'reference', q: `${pick(codes)}-${1 + random(TASKS / PROJECTS)}` }
            : { kind: 'reference', q: `#${1 + random(TASKS / PROJECTS)}`, context: pick(codes) },
        );
        break;
      case 4:
        list.push({ kind: 'rare word', q: pick(RARE) });
        break;
      default:
        list.push({ kind: 'very common word', q: pick(['the', 'fix', 'update', 'users', 'page']) });
    }
  }
  return list;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
const ms = (value: number) => `${value.toFixed(1)} ms`;

async function timed(call: () => Promise<Response>): Promise<number> {
  const start = performance.now();
  const response = await call();
  const body = await response.text();
  const elapsed = performance.now() - start;
  if (!response.ok) throw new Error(`${response.status}: ${body.slice(0, 300)}`);
  return elapsed;
}

async function measure(
  label: Label,
  user: Member,
  projects: Map<string, string>,
  taskIds: string[],
): Promise<void> {
  const size = `${TASKS.toLocaleString('en-US')} tasks, ${COMMENTS.toLocaleString('en-US')} comments, ${label}`;
  const list = queries([...projects.keys()]);
  const ask = (query: { q: string; context?: string }) => {
    const params = new URLSearchParams({ q: query.q, limit: '20' });
    if (query.context) params.set('context_project_id', projects.get(query.context)!);
    return user.api(`/api/search?${params.toString()}`);
  };
  for (const query of list.slice(0, WARM_UP)) await timed(() => ask(query));
  const byKind = new Map<string, number[]>();
  const all: number[] = [];
  for (const query of list) {
    const elapsed = await timed(() => ask(query));
    all.push(elapsed);
    byKind.set(query.kind, [...(byKind.get(query.kind) ?? []), elapsed]);
  }
  all.sort((a, b) => a - b);
  for (const [kind, times] of byKind) {
    times.sort((a, b) => a - b);
    console.log(
      `  ${kind.padEnd(17)} p50 ${ms(percentile(times, 50))} · p95 ${ms(percentile(times, 95))} · max ${ms(times.at(-1)!)}`,
    );
  }
  const target = TARGET_P95_MS[label];
  console.log(
    `  all ${QUERIES}: p50 ${ms(percentile(all, 50))} · p95 ${ms(percentile(all, 95))} (target ≤ ${target} ms)`,
  );
  reportFigure({
    figure: `search p50, ${QUERIES} varied queries, ${size}`,
    target: '—',
    measured: ms(percentile(all, 50)),
    pass: null,
  });
  reportFigure({
    figure: `search p95, ${QUERIES} varied queries, ${size}`,
    target: `≤ ${target} ms`,
    measured: ms(percentile(all, 95)),
    pass: percentile(all, 95) <= target,
  });

  const changes: number[] = [];
  for (let i = 0; i < TITLE_CHANGES; i++) {
    const taskId = taskIds[i % taskIds.length]!;
    const title = `Renamed ${VERBS[i % VERBS.length]} ${NOUNS[(i * 7) % NOUNS.length]} ${i}`;
    changes.push(await timed(() => user.api(`/api/tasks/${taskId}`, { method: 'PATCH', body: { title } })));
  }
  changes.sort((a, b) => a - b);
  const p99 = percentile(changes, 99);
  console.log(
    `  title change: p50 ${ms(percentile(changes, 50))} · p99 ${ms(p99)} (target ≤ ${TITLE_CHANGE_P99_MS} ms, bench/board (c))`,
  );
  reportFigure({
    figure: `title change with its search index, p99 of ${TITLE_CHANGES}, ${size}`,
    target: `≤ ${TITLE_CHANGE_P99_MS} ms`,
    measured: ms(p99),
    pass: p99 <= TITLE_CHANGE_P99_MS,
  });
}

/** The user's projects by code, and tasks of theirs to rename. */
async function pickTargets(run: Run, userId: string) {
  const projects = await run(`
    SELECT project.trigram, project.project_id::text FROM project
    JOIN rule ON rule.organization_id = project.organization_id AND rule.user_id = '${userId}'
    WHERE project.trigram ~ '^P[0-9]{2}$' ORDER BY project.trigram`);
  const tasks = await run(`
    SELECT task.task_id::text FROM task JOIN project USING (project_id)
    JOIN rule ON rule.organization_id = project.organization_id AND rule.user_id = '${userId}'
    WHERE task.reference % 37 = 1 ORDER BY task.task_id LIMIT ${TITLE_CHANGES}`);
  return {
    projects: new Map(projects.map((row) => [String(row.trigram), String(row.project_id)])),
    taskIds: tasks.map((row) => String(row.task_id)),
  };
}

async function startServer(defer: Defer, settings: Record<string, string>): Promise<FiggleServer> {
  const server = await startFiggleServer(settings, { startTimeoutMs: 180_000 });
  defer(() => server.stop());
  return server;
}

async function onPglite(defer: Defer, mail: MailCatcher): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'figgle-bench-search-'));
  defer(() => rmSync(dataDir, { recursive: true, force: true }));
  const settings = { SMTP_URL: mail.url, FIGGLE_SERVE_WEB: '0', DATA_DIR: dataDir };
  // The account is made through the real flow; then the server stops so this process can seed its
  // embedded database, and starts again on it (the session lives in the database).
  const first = await startServer(defer, settings);
  const user = await signUpMember(first.url, mail, 0);
  const organization = (await (await user.api('/api/organizations', { body: { name: 'Main' } })).json()) as {
    organization_id: string;
  };
  await first.stop();

  const database = await openDatabase({ dataDir, fsync: false });
  const pglite = database.pglite!;
  const run: Run = async (text) => {
    const results = await pglite.exec(text);
    return (results.at(-1)?.rows ?? []) as Array<Record<string, unknown>>;
  };
  let targets: Awaited<ReturnType<typeof pickTargets>>;
  try {
    const started = performance.now();
    await seed(run, user.userId, organization.organization_id);
    console.log(`seeded PGlite in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    targets = await pickTargets(run, user.userId);
  } finally {
    await database.close();
  }
  const second = await startServer(defer, settings);
  const again: Member = {
    ...user,
    api: (pathname, init = {}) =>
      fetch(`${second.url}${pathname}`, {
        method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
        headers: {
          origin: second.url,
          cookie: user.cookie,
          ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      }),
  };
  await measure('PGlite', again, targets.projects, targets.taskIds);
}

async function onPostgres(defer: Defer, mail: MailCatcher, adminUrl: string): Promise<void> {
  const database = await createScratchDatabase(adminUrl, 'search');
  defer(() => (process.env.BENCH_KEEP === '1' ? console.log(`kept ${database.name}`) : database.drop()));
  const server = await startServer(defer, {
    SMTP_URL: mail.url,
    FIGGLE_SERVE_WEB: '0',
    DATABASE_URL: database.url,
  });
  const user = await signUpMember(server.url, mail, 0);
  const organization = (await (await user.api('/api/organizations', { body: { name: 'Main' } })).json()) as {
    organization_id: string;
  };
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  defer(() => client.end());
  const run: Run = async (text) => {
    const result = (await client.query(text)) as pg.QueryResult | pg.QueryResult[];
    return ([result].flat().at(-1)?.rows ?? []) as Array<Record<string, unknown>>;
  };
  const started = performance.now();
  await seed(run, user.userId, organization.organization_id);
  console.log(`seeded PostgreSQL in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  const targets = await pickTargets(run, user.userId);
  await measure('PostgreSQL', user, targets.projects, targets.taskIds);
}

async function main(defer: Defer): Promise<void> {
  console.log(`Figgle search benchmark (Node ${process.version})`);
  const mail = new MailCatcher();
  await mail.start();
  defer(() => mail.stop());
  console.log('\nPGlite (embedded)');
  await onPglite(defer, mail);
  const adminUrl = process.env.BENCH_DATABASE_URL;
  if (adminUrl) {
    console.log('\nPostgreSQL');
    await onPostgres(defer, mail, adminUrl);
  } else {
    console.log(
      '\nPostgreSQL: skipped (set BENCH_DATABASE_URL to a server the bench may create a database on)',
    );
  }
}

runBench(main);
