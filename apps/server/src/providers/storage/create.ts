import { LocalDiskStorage } from './local-disk';
import { S3Storage } from './s3';
import type { StorageConfig } from './config';
import type { StorageProvider } from './types';

export function createStorage(config: StorageConfig, dataDir: string): StorageProvider {
  switch (config.provider) {
    case 'local':
      return new LocalDiskStorage(dataDir);
    case 's3':
      return new S3Storage(config.s3);
  }
}
