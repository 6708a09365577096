import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from './env.ts';

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

  it('treats empty values as unset and trims a trailing slash from the public URL', () => {
    const env = loadEnv({ DATA_DIR: tempDir(), DATABASE_URL: '', PUBLIC_URL: 'https://figgle.example.com/' });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.PUBLIC_URL).toBe('https://figgle.example.com');
  });
});
