import { Anchor, type AnchorProps } from '@mantine/core';
import type { MouseEvent, ReactNode } from 'react';
import { isMobileApp } from '../lib/mobile-flags';
import { openExternalUrl } from '../lib/open-external-url';

function inMobileApp(): boolean {
  try {
    return isMobileApp(window.localStorage);
  } catch {
    return false;
  }
}

/**
 * A link that leaves the app: a new tab in a browser; inside the mobile app, where a web view opens no tabs, the
 * phone's browser through the native bridge (OPEN_URL).
 */
export function ExternalAnchor({
  href,
  children,
  ...props
}: AnchorProps & { href: string; children: ReactNode }) {
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!inMobileApp()) return;
    event.preventDefault();
    openExternalUrl(href);
  };
  return (
    <Anchor href={href} target="_blank" rel="noopener noreferrer" onClick={open} {...props}>
      {children}
    </Anchor>
  );
}
