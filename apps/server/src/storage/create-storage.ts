import type { Env } from '../env.ts';
import { createLocalStorage } from './local-storage.ts';
import { createS3Storage } from './s3-storage.ts';
import type { Storage } from './storage.ts';

/** S3-compatible storage when S3_BUCKET and its keys are set; a folder under DATA_DIR otherwise. */
export function createStorage(env: Env): Storage {
  if (env.S3_BUCKET && env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY) {
    return createS3Storage({
      endpoint: env.S3_ENDPOINT ?? `https://s3.${env.S3_REGION}.amazonaws.com`,
      bucket: env.S3_BUCKET,
      region: env.S3_REGION,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    });
  }
  return createLocalStorage(env.DATA_DIR);
}
