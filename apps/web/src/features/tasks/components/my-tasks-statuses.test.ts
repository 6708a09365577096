import { describe, expect, it } from 'vitest';
import type { StatusChoice } from '../../../shared/api/list-project-statuses';
import { myTasksStatuses } from './my-tasks-statuses';

const studio: StatusChoice[] = [
  { key: 'TODO', name: 'To Do', color: 'gray', category: 'unstarted' },
  { key: 'DOING', name: 'Doing', color: 'blue', category: 'started' },
  { key: 'IN_REVIEW', name: 'In review', color: 'violet', category: 'started' },
  { key: 'DONE', name: 'Done', color: 'green', category: 'done' },
  { key: 'SHIPPED', name: 'Shipped', color: 'teal', category: 'done' },
  { key: 'ICEBOX', name: 'Icebox', color: 'gray', category: 'backlog' },
];
const task = (status: string, projectId = 'studio') => ({ status, project: { project_id: projectId } });

describe('the columns of My tasks', () => {
  it('are the four first statuses when the tasks hold nothing else', () => {
    expect(myTasksStatuses([task('TODO'), task('DONE')], new Map()).map((s) => s.name)).toEqual([
      'To Do',
      'Doing',
      'Done',
      'Archive',
    ]);
  });

  it("add each other status its tasks hold, by name, with its category's column", () => {
    const columns = myTasksStatuses(
      [task('SHIPPED'), task('IN_REVIEW'), task('ICEBOX'), task('SHIPPED')],
      new Map([['studio', studio]]),
    );
    expect(columns.map((s) => [s.name, s.category])).toEqual([
      ['Icebox', 'backlog'],
      ['To Do', 'unstarted'],
      ['Doing', 'started'],
      ['In review', 'started'],
      ['Done', 'done'],
      ['Shipped', 'done'],
      ['Archive', 'canceled'],
    ]);
  });
});
