import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconFlask, IconRefresh } from '@tabler/icons-react';
import type { OverlayProps } from '../../../app/overlays/overlay-types';
import { ConversationBody, ModelBadge } from '../components/conversation-body';
import { usePanelConversation, useSessionSnapshot, type Conversation } from '../session/conversation';
import { AgentTargetGate, type AgentRef } from './agent-target-gate';
import { useAgentPublishStatus, type PublishStatus } from '../../agents';

/** What a test talks to, in the same words the editor's badge uses for the agent's state. */
const testedVersion: Record<PublishStatus, string> = {
  draft: 'A test of the unpublished draft.',
  live: 'A test of the live version (the draft has no unpublished changes).',
  unpublished: 'A test of the draft; this agent is not published yet.',
};

function TestSession({
  agent,
  conversation,
  restart,
}: {
  agent: AgentRef;
  conversation: Conversation;
  restart: () => void;
}) {
  const { info } = useSessionSnapshot(conversation.session);
  const { status } = useAgentPublishStatus(agent.id);
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={4} miw={0}>
          <Group gap="xs">
            <Title order={3} fz="h4">
              {info?.agentName ?? agent.name}
            </Title>
            <Badge
              color="yellow.4"
              c="dark.9"
              variant="filled"
              radius="sm"
              leftSection={<IconFlask size={12} aria-hidden />}
            >
              Test
            </Badge>
            <ModelBadge info={info} />
          </Group>
          <Text size="sm" c="dimmed" data-testid="tested-version">
            {status ? `${testedVersion[status]} ` : ''}It is logged as a test and reaches none of your
            contacts.
          </Text>
        </Stack>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconRefresh size={14} />}
          onClick={restart}
          style={{ flexShrink: 0 }}
        >
          Restart
        </Button>
      </Group>
      <ConversationBody
        conversation={conversation}
        agentName={agent.name}
        showModeSwitch
        onEnd={() => conversation.session.end()}
        endLabel="End test call"
        onRestart={restart}
        restartLabel="Start a new test"
        transcriptHeight="calc(100dvh - 330px)"
      />
    </Stack>
  );
}

function TestAgent({ agent, mode }: { agent: AgentRef; mode: 'chat' | 'voice' }) {
  const { conversation, restart } = usePanelConversation({
    agentAccountId: agent.id,
    mode,
    config: 'staging',
  });
  if (!conversation) return null;
  return <TestSession agent={agent} conversation={conversation} restart={restart} />;
}

/**
 * testAgent: talk to the agent's draft by chat or voice before it goes live. `testAgent=<agent account id>` opens a
 * chat, `testAgent=<agent account id>:voice` (or `testAgent=voice` for the agent on screen) starts a voice call in
 * the browser at once.
 */
export function TestAgentOverlay({ value }: OverlayProps) {
  const parts = (value ?? '').split(':');
  const mode = parts.includes('voice') ? 'voice' : 'chat';
  const id = parts.find((part) => /^\d+$/.test(part)) ?? null;
  return (
    <AgentTargetGate value={id} action="test">
      {(agent) => <TestAgent key={`${agent.id}:${mode}`} agent={agent} mode={mode} />}
    </AgentTargetGate>
  );
}
