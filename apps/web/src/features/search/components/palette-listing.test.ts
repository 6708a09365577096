import type { ProjectView } from '@figgle/shared/project-schemas';
import type { SearchAnswer } from '@figgle/shared/search-schemas';
import { describe, expect, it } from 'vitest';
import type { PaletteAction } from './palette-action';
import { listedCount, listedKey, paletteListing } from './palette-listing';

const group = <T>(items: T[]) => ({ items, next_cursor: null });
const hits = (key: string, count: number) =>
  Array.from({ length: count }, (_, n) => ({ [key]: `${key}-${n}` }));
const answer = {
  tasks: group(hits('task_id', 6)),
  comments: group(hits('comment_id', 6)),
  projects: group(hits('project_id', 6)),
  people: group(hits('user_id', 6)),
} as unknown as SearchAnswer;
const action = (id: string, label: string): PaletteAction => ({
  id,
  label,
  keywords: [],
  icon: null,
  run: () => {},
});
const actions = [action('inbox', 'Go to Inbox'), action('dark-mode', 'Toggle dark mode')];
const projects = [
  { project_id: 'p-web', name: 'Website', trigram: 'WEB', organization: { name: 'Acme' } },
  { project_id: 'p-app', name: 'Mobile app', trigram: 'APP', organization: { name: 'Acme' } },
] as unknown as ProjectView[];

describe('paletteListing', () => {
  it('keeps all tasks found, four of every other group, then the actions that match', () => {
    const listing = paletteListing({ answer, actions, projects, choosingProject: false, typed: 'inb' });
    expect(listing.tasks).toHaveLength(6);
    expect([listing.comments, listing.projects, listing.people].map((found) => found.length)).toEqual([
      4, 4, 4,
    ]);
    expect(listing.actions.map((shown) => shown.action.id)).toEqual(['inbox']);
    expect(listing.newTaskProjects).toBeNull();
    expect(listedCount(listing)).toBe(6 + 4 + 4 + 4 + 1);
  });

  it('lists only the projects that match while "Create a task" asks for one', () => {
    const listing = paletteListing({
      answer: undefined,
      actions,
      projects,
      choosingProject: true,
      typed: 'app',
    });
    expect(listing.actions).toEqual([]);
    expect(listing.newTaskProjects?.map((shown) => shown.project.project_id)).toEqual(['p-app']);
    expect(listedCount(listing)).toBe(1);
  });

  it('names what is listed and whether it is settled, so a change selects the first entry again', () => {
    const typing = paletteListing({
      answer: undefined,
      actions,
      projects,
      choosingProject: false,
      typed: '',
    });
    const found = paletteListing({ answer, actions, projects, choosingProject: false, typed: '' });
    expect(listedKey(typing, false)).not.toBe(listedKey(typing, true));
    expect(listedKey(typing, true)).not.toBe(listedKey(found, true));
    expect(listedKey(found, true)).toBe(listedKey(found, true));
  });
});
