import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import '@mantine/notifications/styles.css';
import { useEffect } from 'react';
import { toastSettings } from './notify';

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
