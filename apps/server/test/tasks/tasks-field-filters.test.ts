// @database both

import type { BoardView } from '@figgle/shared/board-schemas';
import { BOARD_SHAPE } from '@figgle/shared/board-shape';
import { boardTasks } from '@figgle/shared/board-tasks';
import { CONDITION_KINDS, conditionMatches, escapeFilterToken } from '@figgle/shared/custom-field-filters';
import {
  type CustomFieldView,
  type CustomValue,
  customValueTokens,
} from '@figgle/shared/custom-field-schemas';
import type { TaskSummaryView } from '@figgle/shared/task-schemas';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createProject,
  createTask,
  type RealtimeWorld,
  realtimeWorldPerFile,
} from '../realtime/realtime-world.ts';

// Issue 43: the project's task list and board take the list's custom field filters
// (`?field=<field id>:<value>`, @figgle/shared/custom-field-filters) and filter in SQL, with the
// browser's rule as the oracle: each kind, several values of a field (any), several fields (each).
// Comparisons over JSON values (casts, text order of days): both databases.

let world: RealtimeWorld;
let projectId: string;
const names = ['small', 'big', 'bare', 'odd'] as const;
type Name = (typeof names)[number];
const tasks = {} as Record<Name, string>;
const fields = {} as Record<string, CustomFieldView>;
/** What each task holds, by field name, as the browser's values read it. */
const values: Record<Name, Record<string, CustomValue>> = { small: {}, big: {}, bare: {}, odd: {} };

async function field(body: Record<string, unknown>): Promise<CustomFieldView> {
  const response = await world.owner.api(`/api/organizations/${world.organizationId}/custom-fields`, {
    body,
  });
  expect(response.status, await response.clone().text()).toBe(201);
  const created = (await response.json()) as CustomFieldView;
  const on = await world.owner.api(`/api/projects/${projectId}/custom-fields/${created.field_id}`, {
    method: 'PUT',
    body: { enabled: true, on_card: false },
  });
  expect(on.status).toBe(200);
  fields[created.name] = created;
  return created;
}

async function set(task: Name, fieldName: string, value: CustomValue) {
  const response = await world.owner.api(
    `/api/tasks/${tasks[task]}/custom-fields/${fields[fieldName]!.field_id}`,
    {
      method: 'PUT',
      body: { value },
    },
  );
  expect(response.status, await response.clone().text()).toBe(204);
  values[task][fieldName] = value;
}

const optionId = (fieldName: string, option: string) =>
  fields[fieldName]!.options.find((candidate) => candidate.name === option)!.option_id;

/** `?field=` of these [field name, token] pairs, escaped as the web app writes them. */
const parameter = (pairs: Array<[string, string]>) =>
  pairs.map(([name, token]) => `${fields[name]!.field_id}:${escapeFilterToken(token)}`).join(',');

const nameOf = (taskId: string) => names.find((name) => tasks[name] === taskId) ?? '?';

async function listed(pairs: Array<[string, string]>): Promise<Name[]> {
  const response = await world.member.api(
    `/api/projects/${projectId}/tasks?field=${encodeURIComponent(parameter(pairs))}`,
  );
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as TaskSummaryView[]).map((task) => nameOf(task.task_id) as Name).sort();
}

/** The browser's rule (field-filters.ts in the web app) over the same values. */
function expected(pairs: Array<[string, string]>): Name[] {
  const byField = new Map<string, string[]>();
  for (const [name, token] of pairs) byField.set(name, [...(byField.get(name) ?? []), token.toLowerCase()]);
  return names
    .filter((task) =>
      [...byField].every(([name, tokens]) => {
        const kind = fields[name]!.kind;
        const value = values[task][name];
        if (CONDITION_KINDS.includes(kind))
          return tokens.some((token) => conditionMatches(kind, value, token));
        return customValueTokens(fields[name]!, value).some((token) => tokens.includes(token));
      }),
    )
    .sort();
}

realtimeWorldPerFile((started) => ({ world } = started));
beforeAll(async () => {
  projectId = await createProject(world.owner, world.organizationId, 'Field filters');
  for (const name of names) tasks[name] = await createTask(world.owner, projectId, `${name} job`);
  await field({ name: 'Effort', kind: 'number', unit: 'h' });
  await field({ name: 'Launch', kind: 'date' });
  await field({ name: 'Link', kind: 'url' });
  await field({ name: 'Goal', kind: 'text' });
  await field({ name: 'Urgent', kind: 'checkbox' });
  await field({ name: 'Reviewer', kind: 'person' });
  const colour = (name: string) => ({ name, colour: 'blue' });
  await field({ name: 'Platform', kind: 'single_select', options: ['iOS', 'Android', 'Web'].map(colour) });
  await field({ name: 'Teams', kind: 'multi_select', options: ['Design', 'Build'].map(colour) });
  await set('small', 'Effort', 2.5);
  await set('big', 'Effort', 13);
  await set('odd', 'Effort', -1);
  await set('small', 'Launch', '2026-02-27');
  await set('big', 'Launch', '2026-03-01');
  await set('small', 'Link', 'https://www.figma.com/design/abc');
  await set('big', 'Link', 'https://github.com/figgle/issues/43');
  await set('big', 'Goal', 'Ship the Android beta');
  await set('odd', 'Goal', '100%, done: yes');
  await set('big', 'Urgent', true);
  await set('small', 'Urgent', false);
  await set('small', 'Reviewer', world.member.userId);
  await set('big', 'Reviewer', world.owner.userId);
  await set('small', 'Platform', optionId('Platform', 'iOS'));
  await set('big', 'Platform', optionId('Platform', 'Android'));
  await set('big', 'Teams', [optionId('Teams', 'Design'), optionId('Teams', 'Build')]);
  await set('odd', 'Teams', [optionId('Teams', 'Build')]);
});

describe("the project's task list filtered by custom fields", () => {
  it('keeps what the browser keeps, for every kind and condition', async () => {
    const cases: Array<Array<[string, string]>> = [
      [['Effort', '13']],
      [['Effort', '>2.5']],
      [['Effort', '>=2.5']],
      [['Effort', '<0']],
      [['Effort', '-1..3']],
      [['Effort', 'any']],
      [['Effort', 'none']],
      [['Launch', '<2026-03-01']],
      [['Launch', '2026-03-01']],
      [['Launch', '2026-02-01..2026-02-28']],
      [['Link', '~FIGMA']],
      [
        ['Link', '~github'],
        ['Link', '~figma'],
      ],
      [['Goal', '~android']],
      [['Goal', '~100%, done:']],
      [['Goal', 'none']],
      [['Urgent', 'yes']],
      [['Urgent', 'no']],
      [['Urgent', 'none']],
      [['Reviewer', world.member.userId]],
      [['Reviewer', 'none']],
      [
        ['Platform', optionId('Platform', 'iOS')],
        ['Platform', optionId('Platform', 'Android')],
      ],
      [['Platform', 'none']],
      [['Teams', optionId('Teams', 'Build')]],
      [['Teams', optionId('Teams', 'Design')]],
      [
        ['Teams', optionId('Teams', 'Build')],
        ['Effort', '<5'],
      ],
      [
        ['Platform', optionId('Platform', 'Android')],
        ['Urgent', 'yes'],
        ['Launch', '>2026-02-28'],
      ],
    ];
    for (const pairs of cases) {
      const label = pairs.map(([name, token]) => `${name}:${token}`).join(' ');
      expect(await listed(pairs), label).toEqual(expected(pairs));
    }
    // The oracle is not trivially empty: most cases keep something.
    expect(cases.filter((pairs) => expected(pairs).length > 0).length).toBeGreaterThan(20);
  });

  it('answers the board shape with the same tasks', async () => {
    const field = encodeURIComponent(parameter([['Effort', 'any']]));
    const response = await world.member.api(
      `/api/projects/${projectId}/tasks?shape=${BOARD_SHAPE}&field=${field}`,
    );
    expect(response.status).toBe(200);
    const board = boardTasks((await response.json()) as BoardView);
    expect(board.map((task) => nameOf(task.task_id)).sort()).toEqual(['big', 'odd', 'small']);
    const unfiltered = await world.member.api(`/api/projects/${projectId}/tasks?shape=${BOARD_SHAPE}`);
    expect(boardTasks((await unfiltered.json()) as BoardView)).toHaveLength(4);
  });

  it('refuses a filter that does not read or does not fit its field (400), and hides the project from outsiders', async () => {
    const otherProject = await createProject(world.owner, world.organizationId, 'Without fields');
    const platform = fields.Platform!.field_id;
    const bad = [
      'nonsense',
      `${platform}`,
      `not-an-id:yes`,
      `${platform}:~ios`,
      `${platform}:${world.member.userId}`,
      `${fields.Effort!.field_id}:>abc`,
      `${fields.Effort!.field_id}:yes`,
      `${fields.Urgent!.field_id}:maybe`,
      `${fields.Launch!.field_id}:2026-02-30`,
      `${fields.Goal!.field_id}:${platform}`,
    ];
    for (const value of bad) {
      const response = await world.member.api(
        `/api/projects/${projectId}/tasks?field=${encodeURIComponent(value)}`,
      );
      expect(response.status, value).toBe(400);
      expect(await response.json(), value).toMatchObject({ statusCode: 400, issues: [{ path: 'field' }] });
    }
    const notOn = await world.member.api(
      `/api/projects/${otherProject}/tasks?field=${encodeURIComponent(`${platform}:none`)}`,
    );
    expect(notOn.status).toBe(400);
    expect(await notOn.json()).toMatchObject({ message: expect.stringContaining('not on in the project') });
    const outsider = await world.outsider.api(
      `/api/projects/${projectId}/tasks?field=${encodeURIComponent(`${platform}:none`)}`,
    );
    expect(outsider.status).toBe(404);
  });
});
