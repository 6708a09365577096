import { describe, expect, it } from 'vitest';
import { apiErrorSchema, parseApiError } from './errors.ts';

describe('apiErrorSchema', () => {
  it('accepts an error with and without issues', () => {
    const plain = { statusCode: 404, code: 'not_found', message: 'Task not found.' };
    expect(apiErrorSchema.parse(plain)).toEqual(plain);
    const invalid = {
      statusCode: 400,
      code: 'validation_failed',
      message: 'Invalid input: body.trigram The trigram must be exactly 3 letters or digits.',
      issues: [{ path: 'body.trigram', message: 'The trigram must be exactly 3 letters or digits.' }],
    };
    expect(apiErrorSchema.parse(invalid)).toEqual(invalid);
  });

  it('rejects bodies missing a field or with wrong types', () => {
    for (const bad of [
      { code: 'x', message: 'y' },
      { statusCode: '500', code: 'x', message: 'y' },
      { statusCode: 500, code: 'x' },
      { statusCode: 500, code: 'x', message: 'y', issues: [{ path: 'a' }] },
      'Internal Server Error',
      null,
    ]) {
      expect(apiErrorSchema.safeParse(bad).success).toBe(false);
    }
  });
});

describe('parseApiError', () => {
  it('returns the error of an API body', () => {
    expect(parseApiError({ statusCode: 403, code: 'forbidden', message: 'No.' })).toEqual({
      statusCode: 403,
      code: 'forbidden',
      message: 'No.',
    });
  });

  it('returns null for anything else', () => {
    expect(parseApiError('<html>Bad Gateway</html>')).toBeNull();
    expect(parseApiError(undefined)).toBeNull();
  });
});
