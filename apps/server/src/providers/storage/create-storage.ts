import { LocalDiskStorage } from './local-disk-storage';
import { S3Storage } from './s3-storage';
import type { StorageConfig } from './storage-config';
import type { StorageProvider } from './types';

export function createStorage(config: StorageConfig, dataDir: string): StorageProvider {
  switch (config.provider) {
    case 'local':
      return new LocalDiskStorage(dataDir);
    case 's3':
      return new S3Storage(config.s3);
  }
}
