import { Alert, Container, List, Stack, Tabs, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconAdjustmentsHorizontal,
  IconAlertTriangle,
  IconBraces,
  IconMessage2,
  IconSettings,
  IconTemplate,
} from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import type { OverlayProps } from '../../../app/overlays/overlay-types';
import { useOverlayLink } from '../../../app/shell/overlay-link';
import { confirmAction } from '../../../app/confirm-action';
import { notify } from '../../../app/notify';
import { AgentGate, DraftPending } from '../studio/agent-gate';
import { PublishDialog } from '../studio/publish-dialog';
import { useCampaignDraft } from '../studio/use-campaign-draft';
import { AdvancedPanel } from './advanced-panel';
import { PromptPanel } from './prompt-panel';
import { SettingsPanel } from './settings-panel';
import { StudioToolbar } from './studio-toolbar';
import { TemplatePanel } from './template-panel';
import { VariablesPanel } from './variables-panel';
import { VersionsModal } from './versions-modal';

function Studio({ agentAccountId, name }: { agentAccountId: number; name: string }) {
  const { draft, state } = useCampaignDraft(agentAccountId);
  const openOverlay = useOverlayLink();
  const [versionsOpen, versions] = useDisclosure(false);
  const [publishOpen, publishDialog] = useDisclosure(false);
  const shownConflict = useRef<unknown>(null);

  // A save that met someone else's newer save asks which version to keep.
  useEffect(() => {
    if (state.conflict && shownConflict.current !== state.conflict) {
      shownConflict.current = state.conflict;
      openOverlay('saveConflict', agentAccountId);
    }
  }, [state.conflict, agentAccountId, openOverlay]);

  if (state.draft === null) return <DraftPending error={state.errors.at(-1)} />;
  const config = state.draft;
  const edit = draft.edit.bind(draft);
  const publish = async (note: string) => {
    const published = await draft.publish(note);
    if (published) notify('Published: callers now reach this version', { tone: 'success' });
    return published;
  };
  const revert = async () => {
    const ok = await confirmAction({
      title: 'Discard the draft?',
      message: 'Every change since the last publish is lost; the agent goes back to its live version.',
      confirmLabel: 'Discard draft',
      danger: true,
    });
    if (ok && (await draft.revert())) notify('Draft discarded', { tone: 'success' });
  };

  return (
    <Container size="lg" px={0}>
      <Stack gap="lg">
        <StudioToolbar
          name={config.title || name}
          state={state}
          onTest={() => openOverlay('testAgent', agentAccountId)}
          onCompare={() => openOverlay('compareChanges', agentAccountId)}
          onVersions={versions.open}
          onRevert={() => void revert()}
          onPublish={publishDialog.open}
        />
        {state.errors.length > 0 && (
          <Alert
            color="red"
            icon={<IconAlertTriangle size={18} />}
            title={state.errors.at(-1)}
            withCloseButton
            closeButtonLabel="Dismiss errors"
            onClose={() => draft.dismissErrors()}
          >
            {state.errors.length > 1 ? (
              <List size="sm" data-testid="error-list">
                {state.errors.map((message, index) => (
                  <List.Item key={index}>{message}</List.Item>
                ))}
              </List>
            ) : (
              <Text size="sm">Your edits are kept here; they save again with your next change.</Text>
            )}
          </Alert>
        )}
        <Tabs defaultValue="prompt" keepMounted={false}>
          <Tabs.List mb="lg">
            <Tabs.Tab value="prompt" leftSection={<IconMessage2 size={16} />}>
              Prompt
            </Tabs.Tab>
            <Tabs.Tab value="settings" leftSection={<IconSettings size={16} />}>
              Settings
            </Tabs.Tab>
            <Tabs.Tab value="template" leftSection={<IconTemplate size={16} />}>
              Template
            </Tabs.Tab>
            <Tabs.Tab value="variables" leftSection={<IconBraces size={16} />}>
              Variables
            </Tabs.Tab>
            <Tabs.Tab value="advanced" leftSection={<IconAdjustmentsHorizontal size={16} />}>
              Advanced
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="prompt">
            <PromptPanel config={config} edit={edit} promptError={state.promptError} />
          </Tabs.Panel>
          <Tabs.Panel value="settings">
            <SettingsPanel config={config} edit={edit} />
          </Tabs.Panel>
          <Tabs.Panel value="template">
            <TemplatePanel
              config={config}
              edit={edit}
              agentAccountId={agentAccountId}
              reload={() => void draft.load()}
              flush={() => draft.flush()}
            />
          </Tabs.Panel>
          <Tabs.Panel value="variables">
            <VariablesPanel config={config} edit={edit} />
          </Tabs.Panel>
          <Tabs.Panel value="advanced">
            <AdvancedPanel config={config} edit={edit} />
          </Tabs.Panel>
        </Tabs>
      </Stack>
      <PublishDialog
        opened={publishOpen}
        onClose={publishDialog.close}
        onPublish={publish}
        busy={state.busy === 'publishing'}
      />
      <VersionsModal
        opened={versionsOpen}
        onClose={versions.close}
        agentAccountId={agentAccountId}
        onRestored={() => void draft.load()}
        beforeSnapshot={() => draft.flush()}
      />
    </Container>
  );
}

/** editAgent[=<agent account id>]: the agent studio for the path's agent, or the one the flag names. */
export function EditAgentOverlay({ value }: OverlayProps) {
  return (
    <AgentGate value={value}>
      {(agentAccountId, account) => <Studio agentAccountId={agentAccountId} name={account.displayName} />}
    </AgentGate>
  );
}
