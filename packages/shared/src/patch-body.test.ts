import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { requiredDisplayText } from './display-text.ts';
import { patchBody } from './patch-body.ts';

describe('patchBody', () => {
  const body = patchBody({ name: z.string(), done: z.boolean() }, 'Nothing to change: give name or done.');

  it('takes any of its fields', () => {
    expect(body.parse({ done: true })).toEqual({ done: true });
    expect(body.parse({ name: 'a', done: false })).toEqual({ name: 'a', done: false });
  });

  it('refuses an unknown field and an empty change, with its message', () => {
    expect(body.safeParse({ done: true, project_id: 'x' }).success).toBe(false);
    const empty = body.safeParse({});
    expect(empty.success).toBe(false);
    expect(empty.error?.issues.map((issue) => issue.message)).toEqual([
      'Nothing to change: give name or done.',
    ]);
  });
});

describe('requiredDisplayText', () => {
  const name = requiredDisplayText('The name of the thing', 5, 'The name of a thing');
  const messages = (value: unknown) => name.safeParse(value).error?.issues.map((issue) => issue.message);

  it('trims, and keeps a name of 1 to max characters', () => {
    expect(name.parse('  Ada  ')).toBe('Ada');
    expect(name.parse('Grace')).toBe('Grace');
  });

  it('says what is wrong, starting with the label', () => {
    expect(messages(undefined)).toEqual(['The name of the thing is required.']);
    expect(messages('   ')).toEqual(['The name of the thing is required.']);
    expect(messages('Hopper')).toEqual(['The name of a thing is at most 5 characters.']);
    expect(messages('a\u202eb')).toEqual([
      'The name of the thing cannot contain control or text-direction characters.',
    ]);
  });
});
