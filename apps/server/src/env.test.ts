// @database pglite
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv, SecretFileError } from './env.ts';

const tempDir = () => mkdtempSync(path.join(os.tmpdir(), 'figgle-env-'));

function problemsOf(source: Record<string, string>): string[] {
  try {
    loadEnv(source);
  } catch (error) {
    if (error instanceof EnvError) return error.problems;
    throw error;
  }
  throw new Error('expected the settings to be rejected');
}

describe('loadEnv', () => {
  it('gives every setting a working default outside production', () => {
    const dataDir = tempDir();
    const env = loadEnv({ DATA_DIR: dataDir });
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.PUBLIC_URL).toBe('http://localhost:3000');
    expect(env.FIGMA_API_URL).toBe('https://api.figma.com');
    expect(env.UPLOAD_MAX_BYTES).toBe(25 * 1024 * 1024);
    expect(env.SECRET).toHaveLength(64);
  });

  it('generates the secret once and keeps it in the data directory', () => {
    const dataDir = tempDir();
    const first = loadEnv({ DATA_DIR: dataDir }).SECRET;
    expect(loadEnv({ DATA_DIR: dataDir }).SECRET).toBe(first);
    expect(readFileSync(path.join(dataDir, 'secret'), 'utf8')).toBe(first);
  });

  it('names each bad value on its own line', () => {
    const problems = problemsOf({
      DATA_DIR: tempDir(),
      PORT: 'abc',
      DATABASE_URL: 'nonsense',
      UPLOAD_MAX_BYTES: '-4',
    });
    expect(problems).toEqual([
      'PORT: must be a number',
      'DATABASE_URL: must be a URL starting with postgres:// or postgresql://',
      'UPLOAD_MAX_BYTES: must be positive',
    ]);
  });

  it('rejects a port out of range and a short secret', () => {
    expect(problemsOf({ DATA_DIR: tempDir(), PORT: '70000', SECRET: 'short' })).toEqual([
      'PORT: must be between 0 and 65535',
      'SECRET: must be at least 32 characters',
    ]);
  });

  it('requires secret, public URL and SMTP in production', () => {
    expect(problemsOf({ NODE_ENV: 'production', DATA_DIR: tempDir() })).toEqual([
      'SECRET: is required in production',
      'PUBLIC_URL: is required in production',
      'SMTP_URL: is required in production',
    ]);
  });

  it('requires S3 settings together', () => {
    expect(problemsOf({ DATA_DIR: tempDir(), S3_BUCKET: 'figgle' })).toEqual([
      'S3_BUCKET: S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together',
    ]);
  });

  it('takes the language model settings together, its address as http(s), 10 s to answer by default', () => {
    const model = { LLM_API_URL: 'http://127.0.0.1:11434/v1/', LLM_API_KEY: 'key', LLM_MODEL: 'llama3.2' };
    const env = loadEnv({ DATA_DIR: tempDir(), ...model });
    expect(env).toMatchObject({ LLM_API_URL: 'http://127.0.0.1:11434/v1', LLM_MODEL: 'llama3.2' });
    expect(env.LLM_TIMEOUT_MS).toBe(10_000);
    expect(loadEnv({ DATA_DIR: tempDir() }).LLM_API_URL).toBeUndefined();
    expect(problemsOf({ DATA_DIR: tempDir(), LLM_API_URL: 'http://127.0.0.1:11434/v1' })).toEqual([
      'LLM_API_URL: LLM_API_URL, LLM_API_KEY and LLM_MODEL must be set together',
    ]);
    expect(problemsOf({ DATA_DIR: tempDir(), LLM_API_KEY: 'key', LLM_MODEL: 'llama3.2' })).toEqual([
      'LLM_API_URL: LLM_API_URL, LLM_API_KEY and LLM_MODEL must be set together',
    ]);
    expect(problemsOf({ DATA_DIR: tempDir(), ...model, LLM_API_URL: 'ftp://models.example/v1' })).toEqual([
      'LLM_API_URL: must be a URL starting with http:// or https://',
    ]);
    expect(problemsOf({ DATA_DIR: tempDir(), ...model, LLM_TIMEOUT_MS: 'soon' })).toEqual([
      'LLM_TIMEOUT_MS: must be a number of milliseconds',
    ]);
  });

  it('treats empty values as unset and trims a trailing slash from the public URL', () => {
    const env = loadEnv({ DATA_DIR: tempDir(), DATABASE_URL: '', PUBLIC_URL: 'https://figgle.example.com/' });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.PUBLIC_URL).toBe('https://figgle.example.com');
  });

  it('takes the timeouts and the uploads allowed at once per person, with defaults', () => {
    const defaults = loadEnv({ DATA_DIR: tempDir() });
    expect(defaults.REQUEST_TIMEOUT_MS).toBe(30_000);
    expect(defaults.UPLOAD_TIMEOUT_MS).toBe(600_000);
    expect(defaults.UPLOADS_PER_USER).toBe(3);
    expect(
      problemsOf({
        DATA_DIR: tempDir(),
        REQUEST_TIMEOUT_MS: '0',
        UPLOAD_TIMEOUT_MS: 'soon',
        UPLOADS_PER_USER: '1.5',
      }),
    ).toEqual([
      'UPLOADS_PER_USER: must be a whole number',
      'REQUEST_TIMEOUT_MS: must be positive',
      'UPLOAD_TIMEOUT_MS: must be a number of milliseconds',
    ]);
  });
});

describe('the secret kept in the data directory', () => {
  const secretOf = (dataDir: string) => path.join(dataDir, 'secret');

  it.each([
    ['empty', ''],
    ['only a line break', '\n'],
    ['too short', 'abc123'],
    ['holding spaces', 'a secret with spaces that is long enough to pass'],
    ['not text', '\u0000\u0001'.repeat(20)],
  ])('stops start with one line naming the file when it is %s', (_label, content) => {
    const dataDir = tempDir();
    writeFileSync(secretOf(dataDir), content);
    let error: unknown;
    try {
      loadEnv({ DATA_DIR: dataDir });
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(SecretFileError);
    const message = (error as Error).message;
    expect(message).toContain(secretOf(dataDir));
    expect(message).not.toContain('\n');
    // Nothing was put in its place.
    expect(readFileSync(secretOf(dataDir), 'utf8')).toBe(content);
  });

  it('accepts a secret of 32 characters or more, with the line break an editor adds', () => {
    const dataDir = tempDir();
    writeFileSync(secretOf(dataDir), `${'k'.repeat(40)}\n`);
    expect(loadEnv({ DATA_DIR: dataDir }).SECRET).toBe('k'.repeat(40));
  });

  it('is written whole, readable by its owner only, in a data directory only its owner can open', () => {
    const dataDir = path.join(tempDir(), 'new', 'data');
    const { SECRET } = loadEnv({ DATA_DIR: dataDir });
    expect(readdirSync(dataDir)).toEqual(['secret']);
    expect(readFileSync(secretOf(dataDir), 'utf8')).toBe(SECRET);
    expect(statSync(secretOf(dataDir)).mode & 0o777).toBe(0o600);
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
  });
});
