import { describe, expect, it } from 'vitest';
import { readSearchParams, writeSearchParams } from './search-params';

const projectId = '11111111-1111-4111-8111-111111111111';
const userId = '33333333-3333-4333-8333-333333333333';

describe('the search page’s address', () => {
  it('reads the text and every filter', () => {
    const params = new URLSearchParams({ q: 'chekout', project: projectId, status: 'DOING', assignee: 'me' });
    expect(readSearchParams(params)).toEqual({ q: 'chekout', projectId, status: 'DOING', assignee: 'me' });
    expect(readSearchParams(new URLSearchParams({ assignee: userId })).assignee).toBe(userId);
    expect(readSearchParams(new URLSearchParams({ assignee: 'none' })).assignee).toBe('none');
    // A project's own status (issue 43) is a key like the four first ones.
    expect(readSearchParams(new URLSearchParams({ status: 'IN_REVIEW' })).status).toBe('IN_REVIEW');
  });

  it('leaves out a filter that cannot be one, so a mangled link still opens', () => {
    const params = new URLSearchParams({ q: 'x', project: 'nope', status: "later'--", assignee: "'; drop" });
    expect(readSearchParams(params)).toEqual({
      q: 'x',
      projectId: undefined,
      status: undefined,
      assignee: undefined,
    });
  });

  it('writes only what is set, and reads back what it wrote', () => {
    const state = { q: 'a & b', projectId, status: 'DONE' as const, assignee: undefined };
    const written = writeSearchParams(state);
    expect(written.toString()).toBe(`q=a+%26+b&project=${projectId}&status=DONE`);
    expect(readSearchParams(written)).toEqual(state);
    expect(writeSearchParams({ q: '' }).toString()).toBe('');
  });
});
