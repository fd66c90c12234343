import { IconDeviceMobile, IconDownload, IconLogin2 } from '@tabler/icons-react';
import type { OverlayDefinition } from '../../app/overlays/overlay-types';
import { comingOverlay } from '../../app/overlays/coming-overlay';

export const overlays: OverlayDefinition[] = [
  {
    flag: 'help',
    title: 'Help',
    area: 'help',
    load: () => import('./help-overlay'),
  },
  {
    flag: 'docsPage',
    title: 'Documentation',
    area: 'help',
    size: 'xl',
    load: () => import('./docs-page-overlay'),
  },
  {
    flag: 'form',
    title: 'Contact support',
    area: 'help',
    kind: 'modal',
    load: () => import('./support-form-overlay'),
  },
  {
    flag: 'info',
    title: 'About',
    area: 'help',
    kind: 'modal',
    load: () => import('./info-overlay'),
  },
  comingOverlay({
    flag: 'install',
    title: 'Get the app',
    area: 'help',
    kind: 'modal',
    icon: IconDownload,
    description:
      'Download the Switchboard app for iPhone and Android to answer calls and messages on the go.',
  }),
  comingOverlay({
    flag: 'mobile',
    title: 'Continue on your phone',
    area: 'help',
    kind: 'modal',
    icon: IconDeviceMobile,
    description: 'Scan a code to open this account in the Switchboard mobile app.',
  }),
  comingOverlay({
    flag: 'legacyLogin',
    title: 'Sign in to your previous account',
    area: 'help',
    kind: 'modal',
    icon: IconLogin2,
    description: 'Sign in with an account from the previous version of Switchboard to bring it over.',
  }),
];
