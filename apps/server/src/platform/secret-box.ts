import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Encrypts secrets kept in the database (app credentials) with AES-256-GCM. The key is SECRETS_KEY (any text,
 * hashed to 32 bytes), or a random key kept in DATA_DIR/secrets.key, made on first use. Servers sharing one
 * database must share SECRETS_KEY.
 */
export interface SecretBox {
  seal(plain: string): string;
  /** Opens a sealed value; a value that was never sealed (stored before encryption) is returned as it is. */
  open(stored: string): string;
}

const prefix = 'sealed:v1:';

export function isSealed(value: string): boolean {
  return value.startsWith(prefix);
}

function keyFileOf(dataDir: string): Buffer {
  const file = path.join(dataDir, 'secrets.key');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    try {
      writeFileSync(file, randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' });
    } catch (error) {
      // Another part of the server made it first.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  chmodSync(file, 0o600);
  return Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
}

export function createSecretBox(source: { secretsKey: string | null; dataDir: string }): SecretBox {
  let key: Buffer | null = null;
  const keyBytes = () => {
    key ??=
      source.secretsKey !== null
        ? createHash('sha256').update(source.secretsKey, 'utf8').digest()
        : keyFileOf(source.dataDir);
    if (key.length !== 32) throw new Error('The secrets key file does not hold a 32-byte key');
    return key;
  };
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', keyBytes(), iv);
      const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `${prefix}${Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64')}`;
    },
    open(stored) {
      if (!isSealed(stored)) return stored;
      const bytes = Buffer.from(stored.slice(prefix.length), 'base64');
      const decipher = createDecipheriv('aes-256-gcm', keyBytes(), bytes.subarray(0, 12));
      decipher.setAuthTag(bytes.subarray(12, 28));
      return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
    },
  };
}
