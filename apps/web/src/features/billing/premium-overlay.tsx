import { Button, Group, List, Stack, Text } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useOverlay } from '../../app/overlays/use-overlay';
import { useCurrentPlan } from './use-billing';

/** premium and upgrade: what a plan adds (starting conversations from the inbox), and the way to one. */
export function PremiumOverlay() {
  const { open } = useOverlay();
  const current = useCurrentPlan();
  const billing = current.data?.billing;
  return (
    <Stack gap="sm">
      <Text size="sm">
        {billing?.unpaid
          ? 'Your subscription is unpaid. Pay the open invoice to turn Premium back on.'
          : 'Premium comes with every plan. With it your agents can:'}
      </Text>
      <List size="sm" spacing={4} icon={<IconCheck size={14} />}>
        <List.Item>Start conversations by text from the inbox</List.Item>
        <List.Item>Place calls and run tasks from your numbers</List.Item>
        <List.Item>Use more agents and numbers, at lower minute prices</List.Item>
      </List>
      <Group justify="flex-end">
        <Button onClick={() => open(billing?.customerId ? 'billing' : 'selectPlan')}>
          {billing?.unpaid ? 'Open billing' : 'Choose a plan'}
        </Button>
      </Group>
    </Stack>
  );
}
