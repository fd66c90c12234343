import { Tabs } from '@mantine/core';
import { IconBolt, IconCreditCard } from '@tabler/icons-react';
import type { OverlayProps } from '../../app/overlays/overlay-types';
import { CardTopUp } from './card-top-up';
import { LightningTopUp } from './lightning-top-up';

/** addFunds: top up by card (USD) or by Lightning (USD or sats); `addFunds=lightning` opens the second. */
export function AddFundsOverlay({ value }: OverlayProps) {
  return (
    <Tabs defaultValue={value === 'lightning' ? 'lightning' : 'card'} keepMounted={false}>
      <Tabs.List grow mb="md">
        <Tabs.Tab value="card" leftSection={<IconCreditCard size={16} />}>
          Card
        </Tabs.Tab>
        <Tabs.Tab value="lightning" leftSection={<IconBolt size={16} />}>
          Lightning
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="card">
        <CardTopUp />
      </Tabs.Panel>
      <Tabs.Panel value="lightning">
        <LightningTopUp />
      </Tabs.Panel>
    </Tabs>
  );
}
