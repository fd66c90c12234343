import {
  IconBook,
  IconDeviceMobile,
  IconDownload,
  IconHelpCircle,
  IconInfoSquareRounded,
  IconLogin2,
  IconMail,
} from '@tabler/icons-react';
import type { OverlayDefinition } from '../../app/overlays/overlay-types';
import { comingOverlay } from '../../app/overlays/coming-overlay';

export const overlays: OverlayDefinition[] = [
  comingOverlay({
    flag: 'help',
    title: 'Help',
    area: 'help',
    icon: IconHelpCircle,
    description: 'Answers to common questions, guides, and ways to reach our support team.',
  }),
  comingOverlay({
    flag: 'docsPage',
    title: 'Documentation',
    area: 'help',
    size: 'xl',
    icon: IconBook,
    description: 'A page of the product documentation, to read without leaving what you are doing.',
  }),
  comingOverlay({
    flag: 'form',
    title: 'Contact support',
    area: 'help',
    kind: 'modal',
    icon: IconMail,
    description: 'Tell our support team what you need, and we will reply by email.',
  }),
  comingOverlay({
    flag: 'info',
    title: 'About Switchboard',
    area: 'help',
    kind: 'modal',
    icon: IconInfoSquareRounded,
    description: 'The version of Switchboard you are using, with its terms and privacy policy.',
  }),
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
