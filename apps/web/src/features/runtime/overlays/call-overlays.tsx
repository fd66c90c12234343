import { Alert, Avatar, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconPhone, IconPhoneCall } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { listOpenOverlays, withFlag, withoutFlag } from '../../../app/overlays/overlay-query';
import type { OverlayProps } from '../../../app/overlays/overlay-types';
import { endCall, startCall, toggleCallType, useLiveCall } from '../call/live-call';
import { ConversationBody, ModelBadge } from '../components/conversation-body';
import { describeEnd } from '../session/agent-session';
import { useSessionSnapshot, type Conversation } from '../session/conversation';
import { AgentTargetGate } from './agent-target-gate';

/** Swaps the `call` flag for `calling`, so Back leaves the call screen rather than returning to the dialler. */
function useShowCallScreen(): () => void {
  const location = useLocation();
  const navigate = useNavigate();
  return () => {
    void navigate(
      {
        pathname: location.pathname,
        search: withFlag(withoutFlag(location.search, 'call'), 'calling'),
        hash: location.hash,
      },
      { replace: true, preventScrollReset: true },
    );
  };
}

/** call: start a browser voice call with the agent (the flag's value, else the agent account on screen). */
export function CallOverlay({ value, close }: OverlayProps) {
  const { state } = useLiveCall();
  const showCallScreen = useShowCallScreen();
  if (state.calling) {
    return (
      <Stack gap="md">
        <Text size="sm">You are already on a call. Hang up before starting another.</Text>
        <Group justify="flex-end">
          <Button leftSection={<IconPhoneCall size={16} />} onClick={showCallScreen}>
            Return to the call
          </Button>
        </Group>
      </Stack>
    );
  }
  return (
    <AgentTargetGate value={value} action="call">
      {(agent) => (
        <Stack align="center" gap="md" ta="center" py="sm">
          <Avatar color="brand" radius="xl" size={64} alt="">
            <IconPhone size={30} />
          </Avatar>
          <Stack gap={4} align="center">
            <Title order={3} fz="h4">
              Call {agent.name}
            </Title>
            <Text size="sm" c="dimmed" maw={360}>
              A voice call with the agent from your browser, on its published configuration. Your browser will
              ask to use the microphone.
            </Text>
          </Stack>
          <Group gap="sm">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button
              color="teal"
              leftSection={<IconPhone size={16} />}
              onClick={() => {
                startCall({ agentAccountId: agent.id, username: agent.username });
                showCallScreen();
              }}
            >
              Start call
            </Button>
          </Group>
        </Stack>
      )}
    </AgentTargetGate>
  );
}

function LiveCallScreen({
  conversation,
  kicked,
  close,
}: {
  conversation: Conversation;
  kicked: boolean;
  close: () => void;
}) {
  const { info, ended } = useSessionSnapshot(conversation.session);
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="nowrap">
        <Group gap="sm" wrap="nowrap" miw={0}>
          <Avatar color="teal" radius="xl" size={44} alt="">
            <IconPhoneCall size={22} />
          </Avatar>
          <Stack gap={2} miw={0}>
            <Text fw={600} truncate>
              {info?.agentName ?? 'Calling…'}
            </Text>
            <ModelBadge info={info} />
          </Stack>
        </Group>
      </Group>
      {kicked && ended && (
        <Alert color="orange" variant="light" title="The call has ended">
          {describeEnd(ended.reason, ended.transfer)}
        </Alert>
      )}
      <ConversationBody
        conversation={conversation}
        agentName="the agent"
        showModeSwitch
        onModeChange={toggleCallType}
        onEnd={() => {
          endCall();
          close();
        }}
        endLabel="End call"
        onRestart={() => {
          endCall();
          close();
        }}
        restartLabel="Close"
        transcriptHeight={300}
        emptyText="The call is connecting; say hello when the agent answers."
      />
    </Stack>
  );
}

/** calling: the call in progress, driven by the call state; hanging up or closing it ends the call. */
export function CallingOverlay({ close }: OverlayProps) {
  const { state, conversation } = useLiveCall();

  // Closing this screen hangs up; another overlay opened on top only hides it, and the call goes on.
  useEffect(
    () => () => {
      if (listOpenOverlays(window.location.search, (flag) => flag === 'calling').length === 0) endCall();
    },
    [],
  );

  if (!state.calling || !conversation) {
    return (
      <Stack gap="md" align="center" ta="center" py="md">
        <Text fw={600}>No call in progress</Text>
        <Text size="sm" c="dimmed">
          Start a call with an agent from its account.
        </Text>
        <Button variant="default" onClick={close}>
          Close
        </Button>
      </Stack>
    );
  }
  return <LiveCallScreen conversation={conversation} kicked={state.kick} close={close} />;
}
