import { Group, Loader, Text } from '@mantine/core';
import { IconAlertCircle, IconCheck, IconPencil } from '@tabler/icons-react';
import type { DraftStatus } from '../studio/campaign-draft';

const labels: Record<DraftStatus, string> = {
  loading: 'Loading…',
  idle: 'All changes saved',
  dirty: 'Unsaved changes',
  saving: 'Saving…',
  saved: 'Saved',
  error: 'Not saved',
  conflict: 'Save conflict',
};

/** The autosave state beside the editor's title; a live region so screen readers hear "Saved". */
export function SaveStatus({ status }: { status: DraftStatus }) {
  const icon =
    status === 'saving' || status === 'loading' ? (
      <Loader size={12} />
    ) : status === 'error' || status === 'conflict' ? (
      <IconAlertCircle size={14} color="var(--mantine-color-red-6)" />
    ) : status === 'dirty' ? (
      <IconPencil size={14} />
    ) : (
      <IconCheck size={14} color="var(--mantine-color-teal-6)" />
    );
  return (
    <Group gap={6} wrap="nowrap" role="status" aria-live="polite" data-save-status={status}>
      {icon}
      <Text size="sm" c={status === 'error' || status === 'conflict' ? 'red' : 'dimmed'}>
        {labels[status]}
      </Text>
    </Group>
  );
}
