import { Alert, Button, Group, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { formatPhoneForDisplay } from '@switchboard/core';
import { IconAlertTriangle, IconPhone } from '@tabler/icons-react';
import { useState } from 'react';
import { confirmAction } from '../../app/confirm-action';
import { notify } from '../../app/notify';
import { useOverlay } from '../../app/overlays/use-overlay';
import type { OverlayProps } from '../../app/overlays/overlay-types';
import { callApi } from '../../lib/api-client';
import { SandboxCallLink } from '../phone';
import { releaseNumber } from './number-actions';
import { placeOf } from './number-search';
import { useAgentNumber, useNumberChanged, useNumberTarget } from './use-agent-number';

const assignedFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** "Assigned 3 Mar 2026, 14:05", or null when the time does not read as one. */
export function assignedLabel(assignedAt: string): string | null {
  const when = new Date(assignedAt);
  return Number.isNaN(when.getTime()) ? null : `Assigned ${assignedFormat.format(when)}`;
}

/** number: the agent account's phone number, with ways to change or release it. */
export function NumberOverlay({ value }: OverlayProps) {
  const targetAccountId = useNumberTarget(value);
  const { current, isPending, error } = useAgentNumber(targetAccountId);
  const numberChanged = useNumberChanged();
  const { open } = useOverlay();
  const [releasing, setReleasing] = useState(false);
  const [releaseError, setReleaseError] = useState<string | null>(null);

  if (isPending) return <Loader size="sm" />;
  if (error) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
        {error.message}
      </Alert>
    );
  }

  const change = () => {
    open('selectNumber', targetAccountId);
  };

  if (current.number === null) {
    return (
      <Stack gap="md" align="flex-start">
        <Text>This agent has no phone number yet, so it can only be reached in the browser.</Text>
        <Group>
          <Button onClick={change}>Choose a number</Button>
          <Button variant="default" onClick={() => open('addCustomNumber', targetAccountId)}>
            Bring your own number
          </Button>
        </Group>
      </Stack>
    );
  }

  const number = current.number;
  const place = current.held ? placeOf(current.held) : null;
  const assigned = current.held ? assignedLabel(current.held.assignedAt) : null;

  const release = async () => {
    setReleasing(true);
    setReleaseError(null);
    const outcome = await releaseNumber({ callApi, confirm: confirmAction, notify }, number, {
      targetAccountId,
    });
    setReleasing(false);
    if (outcome.status === 'failed') setReleaseError(outcome.message);
    if (outcome.status === 'done') await numberChanged();
  };

  return (
    <Stack gap="md">
      <Group gap="md" wrap="nowrap">
        <ThemeIcon size={44} radius="xl" variant="light">
          <IconPhone size={22} stroke={1.7} />
        </ThemeIcon>
        <Stack gap={2}>
          <Title order={3} fz="h4" ff="monospace">
            {formatPhoneForDisplay(number)}
          </Title>
          {place && <Text size="sm">{place}</Text>}
          {assigned && (
            <Text size="sm" c="dimmed">
              {assigned}
            </Text>
          )}
        </Stack>
      </Group>
      <Text size="sm" c="dimmed">
        Calls and texts to this number reach the agent.
      </Text>
      <SandboxCallLink number={number} />
      {releaseError && (
        <Alert color="red" variant="light" title="The number was not released" role="alert">
          {releaseError}
        </Alert>
      )}
      <Group gap="sm">
        <Button variant="default" onClick={change} disabled={releasing}>
          Change number
        </Button>
        <Button color="red" variant="light" loading={releasing} onClick={() => void release()}>
          Release number
        </Button>
      </Group>
    </Stack>
  );
}
