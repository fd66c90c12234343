import type { DomainProfileView } from '@switchboard/contract';

/**
 * What the help button does (spec part 1 §2): on the product's own hosts it offers the docs, the help overlay and
 * the get-support form; on a white-label host with a support URL it opens that URL in a new tab (inside the mobile
 * app through the native bridge). A white-label host without a usable URL gets the product's help, which speaks
 * of the brand by its own name and mails the brand's support address.
 */
export type HelpTarget = { kind: 'supportUrl'; url: string } | { kind: 'menu' };

export function helpTarget(profile: Pick<DomainProfileView, 'ownHost' | 'settings'>): HelpTarget {
  if (profile.ownHost) return { kind: 'menu' };
  const url = profile.settings.supportUrl?.trim() ?? '';
  try {
    const { protocol } = new URL(url);
    if (protocol === 'https:' || protocol === 'http:') return { kind: 'supportUrl', url };
  } catch {
    // Not an absolute URL: fall through to the product's help.
  }
  return { kind: 'menu' };
}

/** The entries of the help menu, each opening an overlay flag. */
export const helpMenuEntries = [
  { flag: 'help', label: 'Help center', description: 'Common questions and guides' },
  { flag: 'docsPage', label: 'Documentation', description: 'How agents, numbers and the inbox work' },
  { flag: 'form', label: 'Contact support', description: 'Write to the support team' },
  { flag: 'info', label: 'About', description: 'Version and legal' },
] as const;
