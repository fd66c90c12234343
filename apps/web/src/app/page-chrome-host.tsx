import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import '@mantine/notifications/styles.css';
import { useEffect } from 'react';

/** Spec §9: toasts close after 1000 ms and at most one shows at a time (the rest queue). */
const toastSettings = { autoClose: 1000, limit: 1 } as const;

/** The toasts and the confirmation dialogs of app/notify.ts and app/confirm-action.ts. */
export default function PageChromeHost({ onMounted }: { onMounted: () => void }) {
  // Children's effects run first: by now the dialogs provider listens for openConfirmModal.
  useEffect(onMounted, [onMounted]);
  return (
    <>
      <ModalsProvider labels={{ confirm: 'Confirm', cancel: 'Cancel' }} />
      <Notifications autoClose={toastSettings.autoClose} limit={toastSettings.limit} withinPortal={false} />
    </>
  );
}
