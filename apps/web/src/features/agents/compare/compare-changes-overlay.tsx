import { Alert, Button, Center, Group, Loader, SegmentedControl, Stack, Text } from '@mantine/core';
import { endpoints } from '@switchboard/contract';
import { useState } from 'react';
import type { OverlayProps } from '../../../app/overlays/overlay-types';
import { useApiQuery } from '../../../lib/use-api';
import { configAsText } from '../studio/config-text';
import { AgentGate, DraftPending } from '../studio/agent-gate';
import { useCampaignDraft } from '../studio/use-campaign-draft';
import { DiffView } from './diff-view';

function Comparison({ agentAccountId, close }: { agentAccountId: number; close: () => void }) {
  const { draft, state } = useCampaignDraft(agentAccountId);
  const production = useApiQuery(endpoints.getProductionAgent, {
    targetAccountId: agentAccountId,
    query: {},
  });
  const [layout, setLayout] = useState<'all' | 'prompt'>('all');
  if (state.draft === null) return <DraftPending error={state.errors.at(-1)} />;
  if (production.isPending) {
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  }
  if (production.isError) {
    return (
      <Alert color="red" title="Could not load the live version">
        {production.error.message}
      </Alert>
    );
  }
  const live = production.data.agent;
  const mine = state.draft;
  const text = (config: typeof mine) =>
    layout === 'prompt' ? config.agentInstructions : configAsText(config);
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          The draft (staging) against what callers reach now (production).
        </Text>
        <SegmentedControl
          size="xs"
          value={layout}
          onChange={(value) => setLayout(value)}
          data={[
            { value: 'all', label: 'Everything' },
            { value: 'prompt', label: 'Prompt only' },
          ]}
        />
      </Group>
      <DiffView
        before={text(live)}
        after={text(mine)}
        beforeLabel="Live (production)"
        afterLabel="Draft (staging)"
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={close}>
          Close
        </Button>
        <Button
          loading={state.busy === 'publishing'}
          disabled={state.busy !== null}
          onClick={() =>
            void draft.publish().then(async (published) => {
              if (published) {
                await production.refetch();
                close();
              }
            })
          }
        >
          Publish draft
        </Button>
      </Group>
    </Stack>
  );
}

/** compareChanges[=<agent account id>]: staging and production side by side as a line diff. */
export function CompareChangesOverlay({ value, close }: OverlayProps) {
  return (
    <AgentGate value={value}>
      {(agentAccountId) => <Comparison agentAccountId={agentAccountId} close={close} />}
    </AgentGate>
  );
}
