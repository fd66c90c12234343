import { Alert, Badge, Button, Center, Group, SegmentedControl, Stack, Text, Tooltip } from '@mantine/core';
import { IconCpu, IconInfoCircle, IconMessage, IconMicrophone, IconRefresh } from '@tabler/icons-react';
import { describeEnd, type ReadyInfo, type SessionMode } from '../session/agent-session';
import { useSessionSnapshot, type Conversation } from '../session/conversation';
import { ChatComposer } from './chat-composer';
import { TranscriptView } from './transcript-view';
import { VoiceControls } from './voice-controls';

/** Which model answers; the offline one says so plainly. */
export function ModelBadge({ info }: { info: ReadyInfo | null }) {
  if (!info) return null;
  const label = info.model.sandbox ? 'Sandbox model' : info.model.label;
  return (
    <Tooltip
      label={
        info.model.sandbox
          ? 'An offline rule-based model that answers from the prompt; no AI vendor is used. To use an OpenAI-compatible model, set LLM_PROVIDER=openai with OPENAI_BASE_URL and OPENAI_API_KEY on the server.'
          : info.model.name
      }
    >
      <Badge
        variant="light"
        color={info.model.sandbox ? 'gray' : 'brand'}
        radius="sm"
        tt="none"
        leftSection={<IconCpu size={12} aria-hidden />}
      >
        {label}
      </Badge>
    </Tooltip>
  );
}

interface ConversationBodyProps {
  conversation: Conversation;
  /** The agent's name until the server confirms it. */
  agentName: string;
  showModeSwitch: boolean;
  onModeChange?: (mode: SessionMode) => void;
  /** Hangs up a voice conversation. */
  onEnd?: () => void;
  endLabel?: string;
  /** Offered once the conversation has ended. */
  onRestart?: () => void;
  restartLabel?: string;
  transcriptHeight: number | string;
  emptyText?: string;
}

/** A conversation with an agent: mode switch, voice controls or message box, transcript and its errors. */
export function ConversationBody({
  conversation,
  agentName,
  showModeSwitch,
  onModeChange,
  onEnd,
  endLabel,
  onRestart,
  restartLabel = 'Start again',
  transcriptHeight,
  emptyText,
}: ConversationBodyProps) {
  const { session, voice } = conversation;
  const snapshot = useSessionSnapshot(session);
  const { phase, mode, info, transcript, error, ended } = snapshot;
  const name = info?.agentName ?? agentName;
  const live = info !== null && ended === null;
  const changeMode = onModeChange ?? ((next: SessionMode) => session.setMode(next));
  const lastIsAgent = transcript.at(-1)?.kind === 'agent';

  return (
    <Stack gap="md">
      {showModeSwitch && (
        <SegmentedControl
          aria-label="Conversation mode"
          fullWidth
          value={mode}
          disabled={ended !== null}
          onChange={(value) => changeMode(value === 'voice' ? 'voice' : 'chat')}
          data={[
            {
              value: 'chat',
              label: (
                <Center style={{ gap: 8 }}>
                  <IconMessage size={16} aria-hidden />
                  <span>Chat</span>
                </Center>
              ),
            },
            {
              value: 'voice',
              label: (
                <Center style={{ gap: 8 }}>
                  <IconMicrophone size={16} aria-hidden />
                  <span>Voice</span>
                </Center>
              ),
            },
          ]}
        />
      )}

      {error && (
        <Alert color="red" variant="light" title="Something went wrong">
          {error}
        </Alert>
      )}

      {mode === 'voice' && info && !info.voice.available && (
        <Alert
          color="gray"
          variant="light"
          icon={<IconInfoCircle size={18} />}
          title="Voice is not available here"
        >
          {info.voice.reason ?? 'This server cannot hear or speak right now.'} Chat still works.
        </Alert>
      )}
      {mode === 'voice' && (!info || info.voice.available) && ended === null && (
        <VoiceControls
          voice={voice}
          phase={phase}
          startedAt={snapshot.startedAt}
          onEnd={onEnd}
          endLabel={endLabel}
        />
      )}

      <TranscriptView
        transcript={transcript}
        agentName={name}
        agentThinking={
          phase === 'thinking' ||
          (phase === 'connecting' && ended === null) ||
          (phase === 'greeting' && !lastIsAgent)
        }
        emptyText={
          ended
            ? 'Nothing was said in this conversation.'
            : (emptyText ?? (mode === 'voice' ? 'Say something to the agent.' : `Send ${name} a message.`))
        }
        height={transcriptHeight}
      />

      {ended ? (
        <Group justify="space-between" gap="sm" wrap="nowrap">
          {ended.reason === 'dropped' || ended.reason === 'unreachable' ? (
            <Text size="sm" c="red" role="alert">
              {describeEnd(ended.reason, ended.transfer)}
            </Text>
          ) : (
            <Text size="sm" c="dimmed">
              This conversation has ended.
            </Text>
          )}
          {onRestart && (
            <Button
              variant="light"
              leftSection={<IconRefresh size={16} />}
              onClick={onRestart}
              style={{ flexShrink: 0 }}
            >
              {restartLabel}
            </Button>
          )}
        </Group>
      ) : (
        (mode === 'chat' || (info !== null && !info.voice.available)) && (
          <ChatComposer onSend={(text) => session.sendText(text)} disabled={!live} />
        )
      )}
    </Stack>
  );
}
