// @database pglite
import { describe, expect, it } from 'vitest';
import { listedTextOfSummary } from './listed-text.ts';

describe('listedTextOfSummary', () => {
  it('removes the white space between the outer keys and values, nowhere else', () => {
    const summary =
      '{"task_id" : "a b", "assignee" : {"user_id" : "u", "firstname" : "Ada : x, y"}, "labels" : [{"name" : "l 1"}, {"name" : "l\\" 2"}], "blocked_by" : 0, "subtasks" : null}';
    expect(listedTextOfSummary(summary)).toBe(
      '{"task_id":"a b","assignee":{"user_id" : "u", "firstname" : "Ada : x, y"},"labels":[{"name" : "l 1"}, {"name" : "l\\" 2"}],"blocked_by":0,"subtasks":null}',
    );
    expect(JSON.parse(listedTextOfSummary(summary))).toEqual(JSON.parse(summary));
  });

  it('keeps an escaped backslash before a closing quote inside a string', () => {
    const summary = '{"title" : "ends with \\\\", "version" : 2}';
    expect(listedTextOfSummary(summary)).toBe('{"title":"ends with \\\\","version":2}');
  });
});
