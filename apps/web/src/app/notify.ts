import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCheck, IconInfoCircle } from '@tabler/icons-react';
import { createElement } from 'react';
import { showPageChrome } from './page-chrome';

export type NotifyTone = 'info' | 'success' | 'error';

export interface NotifyOptions {
  tone?: NotifyTone;
  title?: string;
}

const tones = {
  info: { color: 'brand', icon: IconInfoCircle },
  success: { color: 'teal', icon: IconCheck },
  error: { color: 'red', icon: IconAlertTriangle },
} as const;

/** Shows a toast; returns its id. */
export function notify(message: string, { tone = 'info', title }: NotifyOptions = {}): string {
  const { color, icon } = tones[tone];
  // The toast waits in the store until the host has loaded.
  void showPageChrome();
  return notifications.show({ message, title, color, icon: createElement(icon, { size: 18, stroke: 2 }) });
}
