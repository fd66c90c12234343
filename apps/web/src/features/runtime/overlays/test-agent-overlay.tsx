import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconFlask, IconRefresh } from '@tabler/icons-react';
import type { OverlayProps } from '../../../app/overlays/overlay-types';
import { ConversationBody, ModelBadge } from '../components/conversation-body';
import { usePanelConversation, useSessionSnapshot, type Conversation } from '../session/conversation';
import { AgentTargetGate, type AgentRef } from './agent-target-gate';

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
          <Text size="sm" c="dimmed">
            A test of the unpublished draft. It is logged as a test and reaches none of your contacts.
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

function TestAgent({ agent }: { agent: AgentRef }) {
  const { conversation, restart } = usePanelConversation({
    agentAccountId: agent.id,
    mode: 'chat',
    config: 'staging',
  });
  if (!conversation) return null;
  return <TestSession agent={agent} conversation={conversation} restart={restart} />;
}

/** testAgent: talk to the agent's draft by chat or voice before it goes live (`testAgent=<agent account id>`). */
export function TestAgentOverlay({ value }: OverlayProps) {
  return (
    <AgentTargetGate value={value} action="test">
      {(agent) => <TestAgent key={agent.id} agent={agent} />}
    </AgentTargetGate>
  );
}
