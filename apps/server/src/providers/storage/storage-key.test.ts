import { describe, expect, it } from 'vitest';
import {
  InvalidStorageKeyError,
  MAX_STORAGE_KEY_LENGTH,
  assertStorageKey,
  newStorageKey,
} from './storage-key';

describe('assertStorageKey', () => {
  it.each(['avatars/3f2a.png', 'a', 'media/2025/01/x_y-z.v2.ogg', 'a'.repeat(MAX_STORAGE_KEY_LENGTH)])(
    'accepts %s',
    (key) => {
      expect(() => assertStorageKey(key)).not.toThrow();
    },
  );

  it.each([
    ['', /empty/],
    ['/etc/passwd', /relative/],
    ['../secrets', /starts with a dot/],
    ['uploads/../../etc/passwd', /starts with a dot/],
    ['uploads/./x', /starts with a dot/],
    ['uploads/.hidden', /starts with a dot/],
    ['uploads//x', /empty segment/],
    ['uploads/', /empty segment/],
    ['uploads\\..\\x', /characters outside/],
    ['C:/x', /characters outside/],
    ['uploads/a b.png', /characters outside/],
    ['uploads/%2e%2e', /characters outside/],
    ['uploads/caf\u00e9.png', /characters outside/],
    ['uploads/x\u0000.png', /characters outside/],
    ['uploads/x.meta.json', /reserved/],
    ['a'.repeat(MAX_STORAGE_KEY_LENGTH + 1), /longer than 512/],
  ])('rejects %j', (key, reason) => {
    let thrown: unknown;
    try {
      assertStorageKey(key);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(InvalidStorageKeyError);
    expect(thrown).toMatchObject({ name: 'InvalidStorageKeyError', key });
    expect((thrown as InvalidStorageKeyError).message).toMatch(reason);
  });
});

describe('newStorageKey', () => {
  it('puts a random id under the prefix and keeps a lower-cased extension', () => {
    const key = newStorageKey('avatars', 'Portrait.JPG');
    expect(key).toMatch(/^avatars\/[0-9a-f-]{36}\.jpg$/);
    expect(() => assertStorageKey(key)).not.toThrow();
  });

  it('never returns the same key twice', () => {
    const keys = new Set(Array.from({ length: 1000 }, () => newStorageKey('media', 'a.png')));
    expect(keys.size).toBe(1000);
  });

  it.each([
    ['recording', /^recordings\/[0-9a-f-]{36}$/],
    ['.bashrc', /^recordings\/[0-9a-f-]{36}$/],
    ['../../etc/passwd', /^recordings\/[0-9a-f-]{36}$/],
    ['archive.tar.gz', /^recordings\/[0-9a-f-]{36}\.gz$/],
    ['x.w a v<>', /^recordings\/[0-9a-f-]{36}\.wav$/],
    ['x.meta.json', /^recordings\/[0-9a-f-]{36}\.json$/],
    [`x.${'e'.repeat(40)}`, /^recordings\/[0-9a-f-]{36}\.e{16}$/],
  ])('sanitizes the extension of %j', (fileName, expected) => {
    const key = newStorageKey('recordings', fileName);
    expect(key).toMatch(expected);
    expect(() => assertStorageKey(key)).not.toThrow();
  });
});
