// @database both
import type { CustomFieldView } from '@figgle/shared/custom-field-schemas';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createProject,
  createTask,
  type RealtimeWorld,
  realtimeWorldPerFile,
} from '../realtime/realtime-world.ts';

// Issue 43: every kind of custom field is a search filter (`Effort:>5`, `Due:<2026-03-01`,
// `Link:figma`, `Link:*`). The comparisons are SQL over JSON values (casts, text order of days):
// both databases.

let world: RealtimeWorld;
let projectId: string;
const tasks: Record<'small' | 'big' | 'bare', string> = { small: '', big: '', bare: '' };

async function field(body: Record<string, unknown>) {
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
  return created;
}

async function set(taskId: string, fieldId: string, value: unknown) {
  const response = await world.owner.api(`/api/tasks/${taskId}/custom-fields/${fieldId}`, {
    method: 'PUT',
    body: { value },
  });
  expect(response.status, await response.clone().text()).toBe(204);
}

async function search(q: string): Promise<string[]> {
  const response = await world.owner.api(`/api/search?q=${encodeURIComponent(q)}&project_id=${projectId}`);
  expect(response.status, await response.clone().text()).toBe(200);
  const answer = (await response.json()) as { tasks: { items: Array<{ task_id: string }> } };
  const names = Object.entries(tasks);
  return answer.tasks.items.map((item) => names.find(([, id]) => id === item.task_id)?.[0] ?? '?').sort();
}

realtimeWorldPerFile((started) => ({ world } = started));
beforeAll(async () => {
  projectId = await createProject(world.owner, world.organizationId, 'Filters');
  tasks.small = await createTask(world.owner, projectId, 'Small job');
  tasks.big = await createTask(world.owner, projectId, 'Big job');
  tasks.bare = await createTask(world.owner, projectId, 'Bare job');
  const effort = await field({ name: 'Effort', kind: 'number', unit: 'h' });
  const due = await field({ name: 'Launch', kind: 'date' });
  const link = await field({ name: 'Link', kind: 'url' });
  const goal = await field({ name: 'Goal', kind: 'text' });
  const urgent = await field({ name: 'Urgent', kind: 'checkbox' });
  const reviewer = await field({ name: 'Reviewer', kind: 'person' });
  await set(tasks.small, effort.field_id, 2.5);
  await set(tasks.big, effort.field_id, 13);
  await set(tasks.small, due.field_id, '2026-02-27');
  await set(tasks.big, due.field_id, '2026-03-01');
  await set(tasks.small, link.field_id, 'https://www.figma.com/design/abc');
  await set(tasks.big, link.field_id, 'https://github.com/figgle/issues/43');
  await set(tasks.big, goal.field_id, 'Ship the Android beta');
  await set(tasks.big, urgent.field_id, true);
  await set(tasks.small, urgent.field_id, false);
  await set(tasks.small, reviewer.field_id, world.member.userId);
});

describe('custom field filters in the search', () => {
  it('compare numbers: equal, less, more, at least, a range', async () => {
    expect(await search('Effort:13')).toEqual(['big']);
    expect(await search('Effort:=2.5')).toEqual(['small']);
    expect(await search('Effort:<13')).toEqual(['small']);
    expect(await search('Effort:<=13')).toEqual(['big', 'small']);
    expect(await search('Effort:>2.5')).toEqual(['big']);
    expect(await search('effort:>=2.5')).toEqual(['big', 'small']);
    expect(await search('Effort:1..3')).toEqual(['small']);
    expect(await search('Effort:14..20')).toEqual([]);
    expect(await search('Effort:* job')).toEqual(['big', 'small']);
  });

  it('compare days: on, before, after, between, and a month', async () => {
    expect(await search('Launch:2026-03-01')).toEqual(['big']);
    expect(await search('Launch:<2026-03-01')).toEqual(['small']);
    expect(await search('Launch:>2026-02-27')).toEqual(['big']);
    expect(await search('Launch:2026-02-01..2026-02-28')).toEqual(['small']);
    expect(await search('Launch:2026-03')).toEqual(['big']);
  });

  it('find text and addresses holding a word, or any value; checkboxes and people', async () => {
    expect(await search('Link:figma')).toEqual(['small']);
    expect(await search('Link:*')).toEqual(['big', 'small']);
    expect(await search('Goal:android')).toEqual(['big']);
    expect(await search('Goal:*')).toEqual(['big']);
    expect(await search('Urgent:yes')).toEqual(['big']);
    expect(await search('Urgent:no')).toEqual(['small']);
    expect(await search(`Reviewer:${world.member.email}`)).toEqual(['small']);
    expect(await search('Effort:>5 Urgent:yes Link:github')).toEqual(['big']);
  });

  it('refuse a condition the field cannot hold with a 400 saying how to write it', async () => {
    for (const q of [
      'Effort:abc',
      'Effort:>abc',
      'Effort:1..x',
      'Launch:soon',
      'Launch:<2026-02-30',
      'Urgent:maybe',
    ]) {
      const response = await world.owner.api(
        `/api/search?q=${encodeURIComponent(q)}&project_id=${projectId}`,
      );
      expect(response.status, q).toBe(400);
      const answer = (await response.json()) as { code: string; message: string };
      expect(answer.message, q).toMatch(/write (Effort|Launch|Urgent):/);
    }
    // A name no field has is no condition to refuse: it finds nothing.
    expect(await search('Nothing:abc')).toEqual([]);
  });
});
