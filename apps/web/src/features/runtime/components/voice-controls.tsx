import { ActionIcon, Alert, Box, Button, Group, Stack, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import {
  IconMicrophone,
  IconMicrophoneOff,
  IconPhoneOff,
  IconRefresh,
  IconVolume,
} from '@tabler/icons-react';
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { LevelMeter, VoiceLink } from '../audio/voice-link';
import { useVoiceSnapshot } from '../session/conversation';
import type { SessionPhase } from '../session/agent-session';
import classes from './voice-controls.module.css';

export const phaseLabels: Record<SessionPhase, string> = {
  connecting: 'Connecting…',
  ready: 'Connected',
  greeting: 'Greeting you',
  listening: 'Listening',
  thinking: 'Thinking…',
  speaking: 'Speaking',
  ended: 'Ended',
};

/** Minutes and seconds since `startedAt`, ticking while `running`. */
export function useElapsed(startedAt: number | null, running: boolean): string {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (startedAt === null || !running) return;
    const timer = setInterval(() => {
      setNow(Date.now());
    }, 1000);
    return () => {
      clearInterval(timer);
    };
  }, [startedAt, running]);
  if (startedAt === null) return '0:00';
  const seconds = Math.max(0, Math.floor((now - startedAt) / 1000));
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, '0')}`;
}

function LevelBar({ meter, muted }: { meter: LevelMeter; muted: boolean }) {
  const level = useSyncExternalStore(meter.subscribe, meter.getSnapshot);
  const percent = muted ? 0 : Math.round(level * 100);
  return (
    <Box
      className={classes.meter}
      role="meter"
      aria-label="Microphone level"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
    >
      <Box className={classes.meterFill} style={{ width: `${percent}%` }} />
    </Box>
  );
}

interface VoiceControlsProps {
  voice: VoiceLink;
  phase: SessionPhase;
  startedAt: number | null;
  /** Hangs up; absent when the panel has its own way to end. */
  onEnd?: () => void;
  endLabel?: string;
  size?: 'md' | 'lg';
}

/** The live-call strip: what the agent is doing, elapsed time, microphone level, mute and hang-up. */
export function VoiceControls({
  voice,
  phase,
  startedAt,
  onEnd,
  endLabel = 'End call',
  size = 'md',
}: VoiceControlsProps) {
  const { status, error, muted, agentAudible } = useVoiceSnapshot(voice);
  const ended = phase === 'ended';
  const elapsed = useElapsed(startedAt, !ended);
  const iconSize = size === 'lg' ? 56 : 42;

  return (
    <Stack gap="sm" data-agent-audible={agentAudible} data-voice-status={status}>
      {status === 'failed' && error && (
        <Alert color="orange" variant="light" title="Voice is not working">
          <Group justify="space-between" gap="sm">
            <Text size="sm">{error}</Text>
            <Button
              size="xs"
              variant="default"
              leftSection={<IconRefresh size={14} />}
              onClick={() => voice.retry()}
            >
              Try again
            </Button>
          </Group>
        </Alert>
      )}
      <Group justify="space-between" wrap="nowrap" gap="md">
        <Stack gap={2} miw={0}>
          <Group gap={6} wrap="nowrap">
            <Text fw={600} size="sm" aria-live="polite">
              {status === 'starting' ? 'Starting the microphone…' : phaseLabels[phase]}
            </Text>
            {agentAudible && (
              <Tooltip label="You are hearing the agent">
                <IconVolume
                  size={16}
                  className={classes.speaker}
                  aria-label="Agent audio playing"
                  role="img"
                />
              </Tooltip>
            )}
          </Group>
          <Text size="xs" c="dimmed" ff="monospace">
            <span aria-hidden>{elapsed}</span>
            <VisuallyHidden>{`Call time ${elapsed}`}</VisuallyHidden>
          </Text>
        </Stack>
        <Box className={classes.levelSlot}>
          <LevelBar meter={voice.level} muted={muted || status !== 'live'} />
        </Box>
        <Group gap="sm" wrap="nowrap">
          <Tooltip label={muted ? 'Unmute' : 'Mute'}>
            <ActionIcon
              size={iconSize}
              radius="xl"
              variant={muted ? 'filled' : 'default'}
              color={muted ? 'orange' : undefined}
              aria-label={muted ? 'Unmute microphone' : 'Mute microphone'}
              aria-pressed={muted}
              disabled={ended || status !== 'live'}
              onClick={() => voice.setMuted(!muted)}
            >
              {muted ? <IconMicrophoneOff size={iconSize / 2.2} /> : <IconMicrophone size={iconSize / 2.2} />}
            </ActionIcon>
          </Tooltip>
          {onEnd && (
            <Tooltip label={endLabel}>
              <ActionIcon
                size={iconSize}
                radius="xl"
                color="red"
                variant="filled"
                aria-label={endLabel}
                disabled={ended}
                onClick={onEnd}
              >
                <IconPhoneOff size={iconSize / 2.2} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      </Group>
    </Stack>
  );
}
