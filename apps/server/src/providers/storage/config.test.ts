import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createStorage } from './create';
import { LocalDiskStorage } from './local-disk';
import { S3Storage } from './s3';
import { checkStorageEnv, storageConfigFromEnv, storageEnvShape } from './config';

const envSchema = z
  .object({ PORT: z.coerce.number().default(3000), ...storageEnvShape })
  .superRefine(checkStorageEnv);
const storageEnv = z.object(storageEnvShape);

const s3Env = {
  STORAGE_PROVIDER: 's3',
  S3_BUCKET: 'switchboard-media',
  S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
  S3_SECRET_ACCESS_KEY: 'secret',
};

describe('storage environment', () => {
  it('defaults to local storage with nothing set', () => {
    const env = storageEnv.parse({});
    expect(env).toEqual({ STORAGE_PROVIDER: 'local', S3_REGION: 'us-east-1', S3_FORCE_PATH_STYLE: false });
    expect(storageConfigFromEnv(env)).toEqual({ provider: 'local' });
  });

  it('treats empty variables as unset', () => {
    const env = storageEnv.parse({
      STORAGE_PROVIDER: '',
      S3_REGION: '',
      S3_ENDPOINT: '',
      S3_FORCE_PATH_STYLE: '',
    });
    expect(env).toEqual({ STORAGE_PROVIDER: 'local', S3_REGION: 'us-east-1', S3_FORCE_PATH_STYLE: false });
  });

  it('builds the S3 options from every variable', () => {
    const env = storageEnv.parse({
      ...s3Env,
      S3_REGION: 'eu-central-1',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_FORCE_PATH_STYLE: 'true',
      S3_PREFIX: 'prod',
    });
    expect(storageConfigFromEnv(env)).toEqual({
      provider: 's3',
      s3: {
        bucket: 'switchboard-media',
        region: 'eu-central-1',
        endpoint: 'http://127.0.0.1:9000',
        accessKeyId: 'AKIAEXAMPLE',
        secretAccessKey: 'secret',
        forcePathStyle: true,
        prefix: 'prod',
      },
    });
  });

  it('names a missing S3_BUCKET', () => {
    const env = storageEnv.parse({ ...s3Env, S3_BUCKET: undefined });
    expect(() => storageConfigFromEnv(env)).toThrow(
      new Error('S3_BUCKET is required when STORAGE_PROVIDER is s3'),
    );
  });

  it('names every missing S3 variable at once', () => {
    const env = storageEnv.parse({ STORAGE_PROVIDER: 's3' });
    expect(() => storageConfigFromEnv(env)).toThrow(
      'S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY are required when STORAGE_PROVIDER is s3',
    );
  });

  it('reports missing variables as env schema issues through checkStorageEnv', () => {
    const result = envSchema.safeParse({ STORAGE_PROVIDER: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k' });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({
        path: ['S3_SECRET_ACCESS_KEY'],
        message: 'S3_SECRET_ACCESS_KEY is required when STORAGE_PROVIDER is s3',
      }),
    ]);
    expect(envSchema.safeParse({ PORT: '8080' }).success).toBe(true);
  });

  it.each([
    { STORAGE_PROVIDER: 'gcs' },
    { S3_ENDPOINT: 'not a url' },
    { S3_ENDPOINT: 'ftp://files.example.com' },
    { S3_FORCE_PATH_STYLE: 'yes' },
  ])('rejects %j', (input) => {
    expect(storageEnv.safeParse(input).success).toBe(false);
  });
});

describe('createStorage', () => {
  it('creates the local store under the data directory', () => {
    const storage = createStorage({ provider: 'local' }, tmpdir());
    expect(storage).toBeInstanceOf(LocalDiskStorage);
    expect(storage.name).toBe('local');
  });

  it('creates the S3 store from its options', () => {
    const env = storageEnv.parse({
      ...s3Env,
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_FORCE_PATH_STYLE: 'true',
    });
    const storage = createStorage(storageConfigFromEnv(env), tmpdir());
    expect(storage).toBeInstanceOf(S3Storage);
    expect(storage.name).toBe('s3');
  });
});
