import { Divider, Modal, NumberInput, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import type { PanelProps } from './panel-props';

function validRegex(text: string | null): string | null {
  if (!text) return null;
  try {
    new RegExp(text);
    return null;
  } catch {
    return 'Not a valid pattern';
  }
}

/** The routes modal: how transfers connect, and which callers are turned away or sent straight on by caller name. */
export function RoutesModal({
  opened,
  onClose,
  config,
  edit,
}: PanelProps & { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Call routing" size="lg">
      <Stack gap="md">
        <Title order={4} fz="sm">
          Transfers
        </Title>
        <Switch
          label="Confirm transfers"
          description="The person answering presses 1 before the caller is connected."
          checked={config.confirmTransfers}
          onChange={(event) => edit({ confirmTransfers: event.currentTarget.checked })}
        />
        <Switch
          label="Attended transfers"
          description="The agent stays on while the transfer rings and introduces the caller; overrides confirmation."
          checked={config.attendedTransfers}
          onChange={(event) => edit({ attendedTransfers: event.currentTarget.checked })}
        />
        <Switch
          label="Keep monitoring after transfer"
          description="Keep transcribing the call once it is connected."
          checked={config.monitorTransfers}
          onChange={(event) => edit({ monitorTransfers: event.currentTarget.checked })}
        />
        <Divider />
        <Title order={4} fz="sm">
          Caller name rules
        </Title>
        <Text size="sm" c="dimmed">
          Checked against the caller name (CNAM) before the agent answers. When both match, rejecting wins.
        </Text>
        <TextInput
          label="Reject callers whose name matches"
          placeholder="SPAM|SCAM LIKELY"
          value={config.cnamAutoRejectRegex ?? ''}
          error={validRegex(config.cnamAutoRejectRegex)}
          onChange={(event) => edit({ cnamAutoRejectRegex: event.currentTarget.value || null })}
        />
        <NumberInput
          label="Rejection code (SIP)"
          min={400}
          max={699}
          value={config.cnamAutoRejectCode}
          onChange={(value) => typeof value === 'number' && edit({ cnamAutoRejectCode: value })}
        />
        <TextInput
          label="Transfer callers whose name matches"
          placeholder="^ACME HQ"
          value={config.cnamAutoTransferRegex ?? ''}
          error={validRegex(config.cnamAutoTransferRegex)}
          onChange={(event) => edit({ cnamAutoTransferRegex: event.currentTarget.value || null })}
        />
        <TextInput
          label="…straight to"
          placeholder="+15125551234 or ext:1234"
          value={config.cnamAutoTransferDestination ?? ''}
          onChange={(event) => edit({ cnamAutoTransferDestination: event.currentTarget.value || null })}
        />
      </Stack>
    </Modal>
  );
}
