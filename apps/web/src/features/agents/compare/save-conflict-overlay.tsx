import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { OverlayProps } from '../../../app/overlays/overlay-types';
import { configAsText } from '../studio/config-text';
import { AgentGate } from '../studio/agent-gate';
import { useCampaignDraft } from '../studio/use-campaign-draft';
import { DiffView } from './diff-view';

function Conflict({ agentAccountId, close }: { agentAccountId: number; close: () => void }) {
  const { draft, state } = useCampaignDraft(agentAccountId);
  const conflict = state.conflict;
  if (conflict === null) {
    return (
      <Stack gap="md">
        <Text size="sm">There is no conflict to resolve: your changes are saved.</Text>
        <Group justify="flex-end">
          <Button onClick={close}>Close</Button>
        </Group>
      </Stack>
    );
  }
  const updated = conflict.server.updatedAt ? new Date(conflict.server.updatedAt).toLocaleTimeString() : null;
  return (
    <Stack gap="md">
      <Alert color="orange" icon={<IconAlertTriangle size={18} />}>
        Someone saved this agent{updated ? ` at ${updated}` : ''} while you were editing. Choose the version
        to keep; the other is discarded.
      </Alert>
      <DiffView
        before={configAsText(conflict.server)}
        after={configAsText(conflict.mine)}
        beforeLabel="Saved by someone else"
        afterLabel="Your version"
      />
      <Group justify="flex-end">
        <Button
          variant="default"
          onClick={() => {
            draft.takeServer();
            close();
          }}
        >
          Use their version
        </Button>
        <Button
          onClick={() => {
            void draft.keepMine();
            close();
          }}
        >
          Keep mine
        </Button>
      </Group>
    </Stack>
  );
}

/** saveConflict[=<agent account id>]: both versions of a conflicting save, and the choice between them. */
export function SaveConflictOverlay({ value, close }: OverlayProps) {
  return (
    <AgentGate value={value}>
      {(agentAccountId) => <Conflict agentAccountId={agentAccountId} close={close} />}
    </AgentGate>
  );
}
