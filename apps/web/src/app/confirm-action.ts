import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { createElement, type ReactNode } from 'react';
import { showPageChrome } from './page-chrome';

export interface ConfirmActionOptions {
  title: string;
  message: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Paints the confirm button red, for deletions and other things that cannot be undone. */
  danger?: boolean;
}

/** Asks the person to confirm; resolves `true` on confirm and `false` on cancel or dismiss. */
export async function confirmAction({
  title,
  message,
  confirmLabel = 'Confirm',
  cancelLabel = 'Cancel',
  danger = false,
}: ConfirmActionOptions): Promise<boolean> {
  // A dialog opened before the host listens would be lost.
  await showPageChrome();
  return new Promise((resolve) => {
    modals.openConfirmModal({
      title,
      children: createElement(Text<'p'>, { size: 'sm', c: 'dimmed' }, message),
      labels: { confirm: confirmLabel, cancel: cancelLabel },
      confirmProps: danger ? { color: 'red' } : {},
      // Focus starts on the safe choice, so Enter never confirms by accident.
      cancelProps: { variant: 'default', 'data-autofocus': true },
      onConfirm: () => resolve(true),
      // Every way out (cancel, Escape, the overlay) ends here; after a confirm the promise is already settled.
      onClose: () => resolve(false),
    });
  });
}
