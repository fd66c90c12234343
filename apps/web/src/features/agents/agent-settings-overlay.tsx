import { Group, Stack, Text } from '@mantine/core';
import type { OverlayProps } from '../../app/overlays/overlay-types';
import { SaveStatus } from './edit-agent/save-status';
import { SettingsPanel } from './edit-agent/settings-panel';
import { AgentGate, DraftPending } from './studio/agent-gate';
import { useCampaignDraft } from './studio/use-campaign-draft';

function Settings({ agentAccountId }: { agentAccountId: number }) {
  const { draft, state } = useCampaignDraft(agentAccountId);
  if (state.draft === null) return <DraftPending error={state.errors.at(-1)} />;
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          Changes save as a draft; publish them from the agent editor.
        </Text>
        <SaveStatus status={state.status} />
      </Group>
      <SettingsPanel config={state.draft} edit={draft.edit.bind(draft)} />
    </Stack>
  );
}

/** agentSettings[=<agent account id>]: the agent's name, voice, language, timezone, links and routing. */
export function AgentSettingsOverlay({ value }: OverlayProps) {
  return (
    <AgentGate value={value}>{(agentAccountId) => <Settings agentAccountId={agentAccountId} />}</AgentGate>
  );
}
