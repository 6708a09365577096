import type { TaskStructureView } from '@figgle/shared/subtask-schemas';
import type { TaskSummaryView } from '@figgle/shared/task-schemas';
import type { ProjectTimeline } from '@figgle/shared/timeline-view-schemas';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { fieldsShownBy } from './task-change-fields';
import { type TaskChangeVariables, updateTaskOptions } from './update-task';

const ada = { user_id: '00000000-0000-4000-8000-00000000000a', firstname: 'Ada', lastname: 'Lovelace' };
const row = (taskId: string, title: string) =>
  ({
    task_id: taskId,
    title,
    status: 'TODO',
    assignee: null,
    due_on: '2026-03-05',
    due_at: null,
    start_date: null,
    priority: 'NONE',
    estimate: null,
    version: 1,
  }) as unknown as TaskSummaryView;
const link = (taskId: string, title: string) => ({
  task_id: taskId,
  reference: 'WEB-1',
  title,
  status: 'TODO' as const,
  status_name: 'To Do',
  status_category: 'unstarted' as const,
});

/** One task, t1, cached by every view that shows it, beside t2 that the change must leave alone. */
function everyView(): QueryClient {
  const client = new QueryClient();
  client.setQueryData(['task', 't1'], { ...row('t1', 'Alpha'), content_json: { ops: [] } });
  client.setQueryData(['tasks', 'p1'], [row('t1', 'Alpha'), row('t2', 'Beta')]);
  client.setQueryData(['my-tasks'], [{ ...row('t1', 'Alpha'), project: { name: 'Website' } }]);
  // t1 is a sub-task of the parent's page, and a relation of t2's page.
  const parent: Partial<TaskStructureView> = {
    parent: null,
    subtasks: [
      {
        ...link('t1', 'Alpha'),
        assignee_id: null,
        due_on: '2026-03-05',
        due_at: null,
        estimate: null,
      },
    ],
    relations: [],
  };
  client.setQueryData(['task', 'parent', 'structure'], parent);
  client.setQueryData(['task', 't2', 'structure'], {
    parent: null,
    subtasks: [],
    relations: [{ relation_id: 'r1', side: 'blocks', task: link('t1', 'Alpha') }],
  });
  client.setQueryData(['task', 'elsewhere', 'structure'], { parent: null, subtasks: [], relations: [] });
  const timeline: Partial<ProjectTimeline> = {
    tasks: [
      { ...row('t1', 'Alpha'), reference: 1, parent_id: null, milestone_id: null },
      { ...row('t2', 'Beta'), reference: 2, parent_id: null, milestone_id: null },
    ] as ProjectTimeline['tasks'],
  };
  client.setQueryData(['project', 'p1', 'timeline-view'], timeline);
  client.setQueryData(['project', 'p2', 'timeline-view'], { tasks: [] });
  return client;
}

function change(client: QueryClient, variables: TaskChangeVariables) {
  updateTaskOptions(client).onMutate(variables);
}

type Row = Record<string, unknown>;
const inList = (client: QueryClient, key: readonly unknown[], id = 't1') =>
  client.getQueryData<Row[]>(key)!.find((task) => task.task_id === id)!;
const structure = (client: QueryClient, taskId: string) =>
  client.getQueryData<TaskStructureView>(['task', taskId, 'structure'])!;
const bar = (client: QueryClient, id = 't1') =>
  client
    .getQueryData<ProjectTimeline>(['project', 'p1', 'timeline-view'])!
    .tasks.find((task) => task.task_id === id)!;

describe('the task update shows a change at once in every cached view of the task', () => {
  it('puts a status and an assignee on its page, its lists, My tasks, sub-task and relation rows and its bar', () => {
    const client = everyView();
    change(client, { taskId: 't1', changes: { status: 'DOING', assignee_id: ada.user_id }, assignee: ada });

    expect(client.getQueryData<Row>(['task', 't1'])).toMatchObject({ status: 'DOING', assignee: ada });
    expect(inList(client, ['tasks', 'p1'])).toMatchObject({ status: 'DOING', assignee: ada });
    expect(inList(client, ['my-tasks'])).toMatchObject({
      status: 'DOING',
      assignee: ada,
      project: { name: 'Website' },
    });
    // A sub-task row keeps only the assignee's id; the old status's name goes until the answer.
    const subtask = structure(client, 'parent').subtasks[0]!;
    expect(subtask).toMatchObject({ status: 'DOING', assignee_id: ada.user_id });
    expect(subtask).not.toHaveProperty('status_name');
    const related = structure(client, 't2').relations[0]!.task;
    expect(related).toMatchObject({ status: 'DOING', title: 'Alpha' });
    expect(related).not.toHaveProperty('assignee_id');
    expect(bar(client)).toMatchObject({ status: 'DOING', assignee: ada });

    // The other task is left as it was.
    expect(inList(client, ['tasks', 'p1'], 't2')).toMatchObject({ status: 'TODO', assignee: null });
    expect(bar(client, 't2')).toMatchObject({ status: 'TODO', assignee: null });
  });

  it('clears the due day where a due time is set, everywhere alike', () => {
    const client = everyView();
    change(client, {
      taskId: 't1',
      changes: { due_at: '2026-03-06T09:00:00.000Z', start_date: '2026-03-02' },
    });
    const due = { due_on: null, due_at: '2026-03-06T09:00:00.000Z' };
    expect(client.getQueryData<Row>(['task', 't1'])).toMatchObject({ ...due, start_date: '2026-03-02' });
    expect(inList(client, ['tasks', 'p1'])).toMatchObject(due);
    expect(structure(client, 'parent').subtasks[0]).toMatchObject(due);
    // A sub-task row has no start day: none is added to it.
    expect(structure(client, 'parent').subtasks[0]).not.toHaveProperty('start_date');
    expect(bar(client)).toMatchObject({ ...due, start_date: '2026-03-02' });
  });

  it('reads again the structures and timelines that hold the task once it settles, and no others', async () => {
    const client = everyView();
    const options = updateTaskOptions(client);
    options.onMutate({ taskId: 't1', changes: { title: 'Alpha two' } });
    expect(structure(client, 'parent').subtasks[0]!.title).toBe('Alpha two');
    options.onSettled(undefined, null, { taskId: 't1', changes: { title: 'Alpha two' } });
    const stale = (key: readonly unknown[]) => client.getQueryState(key)!.isInvalidated;
    expect(stale(['task', 'parent', 'structure'])).toBe(true);
    expect(stale(['task', 't2', 'structure'])).toBe(true);
    expect(stale(['project', 'p1', 'timeline-view'])).toBe(true);
    expect(stale(['task', 'elsewhere', 'structure'])).toBe(false);
    expect(stale(['project', 'p2', 'timeline-view'])).toBe(false);
  });
});

describe('fieldsShownBy, the one rule of what a change shows', () => {
  it('names the assignee when the person is known, and keeps an unassignment as nobody', () => {
    expect(fieldsShownBy({ assignee_id: ada.user_id }, ada)).toEqual({ assignee: ada });
    expect(fieldsShownBy({ assignee_id: ada.user_id })).toEqual({
      assignee: { user_id: ada.user_id, firstname: '', lastname: '' },
    });
    expect(fieldsShownBy({ assignee_id: null }, ada)).toEqual({ assignee: null });
  });

  it('shows a cleared due date as neither a day nor a time, and nothing for an empty change', () => {
    expect(fieldsShownBy({ due_on: null })).toEqual({ due_on: null, due_at: null });
    expect(fieldsShownBy({ due_on: '2026-03-05' })).toEqual({ due_on: '2026-03-05', due_at: null });
    expect(fieldsShownBy({})).toEqual({});
  });
});
