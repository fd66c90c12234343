import { ActionIcon, Alert, Code, CopyButton, Group, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import { type ReactNode } from 'react';

/** Pieces the SIP setup's steps share. */

export function Failure({ children }: { children: ReactNode }) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
      {children}
    </Alert>
  );
}

export function Copyable({ value, label }: { value: string; label: string }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <Code flex={1} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Code>
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? 'Copied' : 'Copy'}>
            <ActionIcon variant="subtle" color={copied ? 'teal' : 'gray'} aria-label={label} onClick={copy}>
              {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}

/** A moment as the person's clock shows it, or 'never'. */
export const timeLabel = (ms: number | null) =>
  ms === null ? 'never' : new Intl.DateTimeFormat(undefined, { timeStyle: 'medium' }).format(new Date(ms));
