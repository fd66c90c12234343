import { describe, expect, it } from 'vitest';
import {
  isGenericBrand,
  isMobileApp,
  mobileFlagKeys,
  readMobileFlags,
  storedMobileFlags,
  type FlagStorage,
} from './mobile-flags';

function memoryStorage(initial: Record<string, string> = {}): FlagStorage & { items: Map<string, string> } {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
  };
}

const noFlags = {
  mobileApp: false,
  genericBrand: false,
  appVersion: null,
  platform: null,
  vidaRevamped: false,
};

describe('readMobileFlags', () => {
  it('reads every flag from the query and keeps it in storage', () => {
    const storage = memoryStorage();
    const search = new URLSearchParams(
      'mobileApp=true&genericBrand=true&appVersion=2.4.1&platform=iOS&vidaRevamped=true',
    );
    expect(readMobileFlags(search, storage)).toEqual({
      mobileApp: true,
      genericBrand: true,
      appVersion: '2.4.1',
      platform: 'iOS',
      vidaRevamped: true,
    });
    expect(Object.fromEntries(storage.items)).toEqual({
      mobileApp: 'true',
      genericBrand: 'true',
      appVersion: '2.4.1',
      platform: 'iOS',
      vidaRevamped: 'true',
    });
  });

  it('remembers the flags on a later page without the query', () => {
    const storage = memoryStorage();
    readMobileFlags(new URLSearchParams('mobileApp=true&platform=android'), storage);
    expect(readMobileFlags(new URLSearchParams(''), storage)).toEqual({
      ...noFlags,
      mobileApp: true,
      platform: 'Android',
    });
    expect(isMobileApp(storage)).toBe(true);
  });

  it('reads nothing when neither the query nor storage has flags', () => {
    const storage = memoryStorage();
    expect(readMobileFlags(new URLSearchParams('chat=true'), storage)).toEqual(noFlags);
    expect(storage.items.size).toBe(0);
  });

  it('names the platform in its canonical case whatever case the query uses', () => {
    for (const [given, platform] of [
      ['ANDROID', 'Android'],
      ['Android', 'Android'],
      ['ios', 'iOS'],
      [' IOS ', 'iOS'],
    ] as const) {
      const storage = memoryStorage();
      expect(readMobileFlags(new URLSearchParams({ platform: given }), storage).platform).toBe(platform);
      expect(storage.items.get('platform')).toBe(platform);
    }
  });

  it('ignores any other platform and keeps the one stored', () => {
    const storage = memoryStorage({ platform: 'iOS' });
    for (const given of ['windows', '', 'constructor', 'iOS2']) {
      expect(readMobileFlags(new URLSearchParams({ platform: given }), storage).platform).toBe('iOS');
    }
    expect(storage.items.get('platform')).toBe('iOS');
    expect(readMobileFlags(new URLSearchParams('platform=web'), memoryStorage()).platform).toBeNull();
  });

  it('turns a boolean flag off when the query gives anything but true', () => {
    const storage = memoryStorage({ mobileApp: 'true', genericBrand: 'true' });
    const flags = readMobileFlags(new URLSearchParams('mobileApp=false&genericBrand=1'), storage);
    expect(flags).toMatchObject({ mobileApp: false, genericBrand: false });
    expect(storage.items.get('mobileApp')).toBe('false');
    expect(readMobileFlags(new URLSearchParams('mobileApp=TRUE'), storage).mobileApp).toBe(true);
  });

  it('keeps the stored app version when the query gives an empty one', () => {
    const storage = memoryStorage({ appVersion: '2.0.0' });
    expect(readMobileFlags(new URLSearchParams('appVersion='), storage).appVersion).toBe('2.0.0');
    expect(readMobileFlags(new URLSearchParams('appVersion= 3.1 '), storage).appVersion).toBe('3.1');
  });

  it('still reports the query flags when storage refuses to write or read', () => {
    const broken: FlagStorage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(readMobileFlags(new URLSearchParams('mobileApp=true&platform=ios'), broken)).toEqual({
      ...noFlags,
      mobileApp: true,
      platform: 'iOS',
    });
    expect(isMobileApp(broken)).toBe(false);
    expect(storedMobileFlags(broken)).toEqual(noFlags);
  });
});

describe('storedMobileFlags', () => {
  it('reads the stored flags, ignoring a stored platform that is not Android or iOS', () => {
    const storage = memoryStorage({ genericBrand: 'true', appVersion: '1.0', platform: 'blackberry' });
    expect(storedMobileFlags(storage)).toEqual({ ...noFlags, genericBrand: true, appVersion: '1.0' });
  });
});

describe('isMobileApp and isGenericBrand', () => {
  it('are true only for a stored true', () => {
    expect(isMobileApp(memoryStorage({ mobileApp: 'true' }))).toBe(true);
    expect(isMobileApp(memoryStorage({ mobileApp: 'false' }))).toBe(false);
    expect(isMobileApp(memoryStorage())).toBe(false);
    expect(isGenericBrand(memoryStorage({ genericBrand: 'true' }))).toBe(true);
    expect(isGenericBrand(memoryStorage({ mobileApp: 'true' }))).toBe(false);
  });
});

describe('mobileFlagKeys', () => {
  it('lists the storage keys of spec part 1 §2', () => {
    expect(mobileFlagKeys).toEqual(['mobileApp', 'genericBrand', 'appVersion', 'platform', 'vidaRevamped']);
  });
});
