export type MobilePlatform = 'Android' | 'iOS';

export type MobileFlags = {
  mobileApp: boolean;
  genericBrand: boolean;
  appVersion: string | null;
  platform: MobilePlatform | null;
  vidaRevamped: boolean;
};

/** The part of `localStorage` the flags need, so tests can hand in a plain object. */
export type FlagStorage = {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
};

/** The query parameters of the mobile shell, also the local-storage keys they are kept under. */
export const mobileFlagKeys = [
  'mobileApp',
  'genericBrand',
  'appVersion',
  'platform',
  'vidaRevamped',
] as const;

type MobileFlagKey = (typeof mobileFlagKeys)[number];

function platformOf(text: string | null): MobilePlatform | null {
  const name = text?.trim().toLowerCase();
  return name === 'android' ? 'Android' : name === 'ios' ? 'iOS' : null;
}

// Storage can throw (blocked in a sandboxed frame, full, private mode); the query flags then hold for this page only.
function readStored(storage: FlagStorage, key: MobileFlagKey): string | null {
  try {
    return storage.getItem(key);
  } catch {
    return null;
  }
}

function store(storage: FlagStorage, key: MobileFlagKey, value: string): void {
  try {
    storage.setItem(key, value);
  } catch {
    // See readStored.
  }
}

function flagValue(key: MobileFlagKey, raw: string): string | null {
  const text = raw.trim();
  switch (key) {
    case 'mobileApp':
    case 'genericBrand':
    case 'vidaRevamped':
      return String(text.toLowerCase() === 'true');
    case 'platform':
      return platformOf(text);
    case 'appVersion':
      return text === '' ? null : text;
  }
}

/**
 * Reads the mobile-shell flags (spec part 1 §2) from the query and keeps each one given in storage, so later
 * pages without the query still know them; a flag missing from the query comes from storage. A boolean flag
 * given as anything but `true` turns off; a platform other than Android or iOS (any case) and an empty
 * appVersion are ignored.
 */
export function readMobileFlags(search: URLSearchParams, storage: FlagStorage): MobileFlags {
  const given = new Map<MobileFlagKey, string>();
  for (const key of mobileFlagKeys) {
    const raw = search.get(key);
    const value = raw === null ? null : flagValue(key, raw);
    if (value === null) continue;
    given.set(key, value);
    store(storage, key, value);
  }
  return flagsFrom((key) => given.get(key) ?? readStored(storage, key));
}

/** The mobile-shell flags as kept in storage. */
export function storedMobileFlags(storage: FlagStorage): MobileFlags {
  return flagsFrom((key) => readStored(storage, key));
}

function flagsFrom(read: (key: MobileFlagKey) => string | null): MobileFlags {
  return {
    mobileApp: read('mobileApp') === 'true',
    genericBrand: read('genericBrand') === 'true',
    appVersion: read('appVersion'),
    platform: platformOf(read('platform')),
    vidaRevamped: read('vidaRevamped') === 'true',
  };
}

/** Whether the web app runs inside the native mobile app. */
export function isMobileApp(storage: FlagStorage): boolean {
  return readStored(storage, 'mobileApp') === 'true';
}

/** Whether the generic brand (Automated Phone) is in force. */
export function isGenericBrand(storage: FlagStorage): boolean {
  return readStored(storage, 'genericBrand') === 'true';
}
