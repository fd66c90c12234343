import { isMobileApp, type FlagStorage } from './mobile-flags';
import { openUrlInNativeApp, type BridgeOptions } from './native-bridge';

export interface OpenExternalDeps extends BridgeOptions {
  /** Where the mobile flags are kept; null when storage is unavailable. */
  storage?: FlagStorage | null;
  /** Opens a new tab; defaults to `window.open`. */
  openTab?: (url: string) => void;
}

function browserStorage(): FlagStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function openTabInBrowser(url: string): void {
  window.open(url, '_blank', 'noopener,noreferrer');
}

/**
 * Opens a page that leaves the app (scheduling page, docs, external links, files): inside the mobile app in the
 * phone's browser through the native bridge, since a web view cannot open tabs; elsewhere in a new tab. A relative
 * URL is resolved against the current page. Answers where it went.
 */
export function openExternalUrl(url: string, deps: OpenExternalDeps = {}): 'native' | 'tab' {
  const absolute = typeof window === 'undefined' ? url : new URL(url, window.location.href).toString();
  const storage = deps.storage === undefined ? browserStorage() : deps.storage;
  if (storage && isMobileApp(storage) && openUrlInNativeApp(absolute, deps).ok) return 'native';
  (deps.openTab ?? openTabInBrowser)(absolute);
  return 'tab';
}
