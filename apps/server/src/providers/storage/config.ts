import { z } from 'zod';
import type { S3StorageOptions } from './s3';

export type StorageConfig = { provider: 'local' } | { provider: 's3'; s3: S3StorageOptions };

// `FOO=` in an env file means "not set", not "set to the empty string".
const unsetIfEmpty = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema);

/** Merge into the server's environment object schema; pair with `checkStorageEnv` in a superRefine. */
export const storageEnvShape = {
  STORAGE_PROVIDER: unsetIfEmpty(z.enum(['local', 's3']).default('local')),
  S3_BUCKET: unsetIfEmpty(z.string().trim().min(1).optional()),
  S3_REGION: unsetIfEmpty(z.string().trim().min(1).default('us-east-1')),
  S3_ENDPOINT: unsetIfEmpty(
    z.url({ protocol: /^https?$/, error: 'S3_ENDPOINT must be an http(s) URL' }).optional(),
  ),
  S3_ACCESS_KEY_ID: unsetIfEmpty(z.string().trim().min(1).optional()),
  S3_SECRET_ACCESS_KEY: unsetIfEmpty(z.string().trim().min(1).optional()),
  S3_FORCE_PATH_STYLE: unsetIfEmpty(
    z
      .enum(['true', 'false'])
      .default('false')
      .transform((value) => value === 'true'),
  ),
  S3_PREFIX: unsetIfEmpty(z.string().trim().min(1).optional()),
} satisfies z.ZodRawShape;

export type StorageEnv = z.output<z.ZodObject<typeof storageEnvShape>>;

const REQUIRED_FOR_S3 = ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

function findMissingS3Variables(env: StorageEnv): (typeof REQUIRED_FOR_S3)[number][] {
  if (env.STORAGE_PROVIDER !== 's3') return [];
  return REQUIRED_FOR_S3.filter((name) => env[name] === undefined);
}

/** A superRefine for the server's env schema: one issue per variable that S3 storage needs and lacks. */
export function checkStorageEnv(env: StorageEnv, ctx: z.RefinementCtx): void {
  for (const name of findMissingS3Variables(env)) {
    ctx.addIssue({
      code: 'custom',
      path: [name],
      message: `${name} is required when STORAGE_PROVIDER is s3`,
    });
  }
}

/** Throws, naming every missing variable, when STORAGE_PROVIDER is s3 without its settings. */
export function storageConfigFromEnv(env: StorageEnv): StorageConfig {
  if (env.STORAGE_PROVIDER === 'local') return { provider: 'local' };
  const missing = findMissingS3Variables(env);
  const { S3_BUCKET: bucket, S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = env;
  if (bucket === undefined || accessKeyId === undefined || secretAccessKey === undefined) {
    const verb = missing.length === 1 ? 'is' : 'are';
    throw new Error(`${missing.join(', ')} ${verb} required when STORAGE_PROVIDER is s3`);
  }
  return {
    provider: 's3',
    s3: {
      bucket,
      region: env.S3_REGION,
      endpoint: env.S3_ENDPOINT,
      accessKeyId,
      secretAccessKey,
      forcePathStyle: env.S3_FORCE_PATH_STYLE,
      prefix: env.S3_PREFIX,
    },
  };
}
