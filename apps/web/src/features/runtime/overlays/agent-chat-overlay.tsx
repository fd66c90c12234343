import { Avatar, Box, Group, Stack, Text } from '@mantine/core';
import type { OverlayProps } from '../../../app/overlays/overlay-types';
import { ConversationBody, ModelBadge } from '../components/conversation-body';
import { usePanelConversation, useSessionSnapshot, type Conversation } from '../session/conversation';
import { AgentTargetGate, type AgentRef } from './agent-target-gate';

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? '')
    .join('');
}

function ChatSession({
  agent,
  conversation,
  restart,
}: {
  agent: AgentRef;
  conversation: Conversation;
  restart: () => void;
}) {
  const { info, ended, phase } = useSessionSnapshot(conversation.session);
  const name = info?.agentName ?? agent.name;
  const presence = ended ? 'Conversation ended' : phase === 'connecting' ? 'Connecting…' : 'Online';
  return (
    <Stack gap="md">
      <Group gap="sm" wrap="nowrap">
        <Avatar color="brand" radius="xl" size={44} alt="">
          {initials(name)}
        </Avatar>
        <Stack gap={2} miw={0} style={{ flex: 1 }}>
          <Text fw={600} truncate>
            {name}
          </Text>
          <Group gap={6}>
            <Group gap={5} wrap="nowrap">
              <Box
                w={8}
                h={8}
                style={{ borderRadius: '50%' }}
                bg={ended ? 'gray.5' : phase === 'connecting' ? 'yellow.5' : 'teal.5'}
                aria-hidden
              />
              <Text size="xs" c="dimmed" fw={500}>
                {presence}
              </Text>
            </Group>
            <ModelBadge info={info} />
          </Group>
        </Stack>
      </Group>
      <ConversationBody
        conversation={conversation}
        agentName={agent.name}
        showModeSwitch={false}
        onRestart={restart}
        restartLabel="New conversation"
        transcriptHeight="calc(100dvh - 250px)"
      />
    </Stack>
  );
}

function AgentChat({ agent }: { agent: AgentRef }) {
  const { conversation, restart } = usePanelConversation({
    agentAccountId: agent.id,
    mode: 'chat',
    config: 'production',
  });
  if (!conversation) return null;
  return <ChatSession agent={agent} conversation={conversation} restart={restart} />;
}

/** chat: a conversation with the workspace's agent as a website visitor has it, on the published config. */
export function AgentChatOverlay({ value }: OverlayProps) {
  return (
    <AgentTargetGate value={value} action="chat with">
      {(agent) => <AgentChat key={agent.id} agent={agent} />}
    </AgentTargetGate>
  );
}
