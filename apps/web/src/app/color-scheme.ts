import { localStorageColorSchemeManager } from '@mantine/core';
import { webPages } from '@switchboard/contract';

/** The theme choice lives under the spec's local-storage key `theme`. */
export const colorSchemeManager = localStorageColorSchemeManager({ key: 'theme' });

/** The chosen theme applies only inside the app (spec §2); every other page is light. */
export function forcedColorSchemeFor(pathname: string): 'light' | undefined {
  const insideApp = pathname === webPages.app || pathname.startsWith(`${webPages.app}/`);
  return insideApp ? undefined : 'light';
}
