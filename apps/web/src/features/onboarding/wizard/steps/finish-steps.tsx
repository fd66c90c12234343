import { Button, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import {
  IconArrowLeft,
  IconArrowRight,
  IconCalendarEvent,
  IconMicrophone,
  IconPhonePlus,
  IconSparkles,
  IconTemplate,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useOverlayLink } from '../../../../app/shell/overlay-link';
import { openExternalUrl } from '../../../../lib/open-external-url';
import { StepFrame } from './step-frame';
import type { StepProps } from './step-props';

function Choice({
  icon,
  title,
  detail,
  onClick,
}: {
  icon: ReactNode;
  title: string;
  detail: string;
  onClick: () => void;
}) {
  return (
    <UnstyledButton onClick={onClick} aria-label={title}>
      <Card p="xl" h="100%">
        <Stack gap="sm">
          <ThemeIcon size={44} radius="md" variant="light">
            {icon}
          </ThemeIcon>
          <Text fw={650} size="lg">
            {title}
          </Text>
          <Text size="sm" c="dimmed">
            {detail}
          </Text>
        </Stack>
      </Card>
    </UnstyledButton>
  );
}

/** WELCOME: how to build the agent. */
export function WelcomeStep({ dispatch }: StepProps) {
  return (
    <StepFrame
      title="Let’s get your AI agent answering calls"
      description="It takes about five minutes. Your progress is saved, so you can leave and come back."
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <Choice
          icon={<IconTemplate size={24} />}
          title="Start from a template"
          detail="Receptionist, appointment booking, lead qualification and more: answer a few questions about your business."
          onClick={() => dispatch({ type: 'CHOOSE_METHOD', method: 'BUILD_FROM_TEMPLATE' })}
        />
        <Choice
          icon={<IconSparkles size={24} />}
          title="Start from scratch"
          detail="Describe your business and what the agent should do; we write the first prompt for you."
          onClick={() => dispatch({ type: 'CHOOSE_METHOD', method: 'BUILD_FROM_SCRATCH' })}
        />
      </SimpleGrid>
    </StepFrame>
  );
}

function Nav({
  dispatch,
  next = 'Continue',
  extra,
}: Pick<StepProps, 'dispatch'> & { next?: string; extra?: ReactNode }) {
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconArrowLeft size={16} />}
        onClick={() => dispatch({ type: 'BACK' })}
      >
        Back
      </Button>
      <Group gap="xs">
        {extra}
        <Button rightSection={<IconArrowRight size={16} />} onClick={() => dispatch({ type: 'NEXT' })}>
          {next}
        </Button>
      </Group>
    </>
  );
}

/** TEST_AGENT: a test call in the browser (the testAgent overlay). */
export function TestAgentStep({ dispatch, agentAccountId }: StepProps) {
  const openOverlay = useOverlayLink();
  return (
    <StepFrame
      title="Talk to your agent"
      description="Call it from your browser or chat with it, exactly as a caller would."
      actions={<Nav dispatch={dispatch} />}
    >
      <Card p="xl">
        <Stack align="flex-start" gap="sm">
          <ThemeIcon size={44} radius="md" variant="light">
            <IconMicrophone size={24} />
          </ThemeIcon>
          <Text size="sm" c="dimmed">
            Ask what a customer would ask: opening hours, prices, booking. Hang up whenever you like.
          </Text>
          <Button
            onClick={() =>
              openOverlay('testAgent', agentAccountId === null ? 'voice' : `${agentAccountId}:voice`)
            }
          >
            Start a test call
          </Button>
        </Stack>
      </Card>
    </StepFrame>
  );
}

/** CHOOSE_NUMBER: a phone number for the agent, or later. */
export function ChooseNumberStep({ dispatch, agentAccountId }: StepProps) {
  const openOverlay = useOverlayLink();
  return (
    <StepFrame
      title="Give your agent a phone number"
      description="Callers reach your agent on its own number; you can also forward your existing line to it."
      actions={
        <Nav
          dispatch={dispatch}
          extra={
            <Button variant="subtle" onClick={() => dispatch({ type: 'NEXT' })}>
              Skip for now
            </Button>
          }
        />
      }
    >
      <Card p="xl">
        <Stack align="flex-start" gap="sm">
          <ThemeIcon size={44} radius="md" variant="light">
            <IconPhonePlus size={24} />
          </ThemeIcon>
          <Button onClick={() => openOverlay('selectNumber', agentAccountId ?? undefined)}>
            Choose a number
          </Button>
        </Stack>
      </Card>
    </StepFrame>
  );
}

/** Opens the schedule page in a new tab, or in the native browser inside the mobile app. */
export function openSchedulePage(): void {
  openExternalUrl('/schedule');
}

/** SCHEDULE_CALL: a call with an expert, then done. */
export function ScheduleCallStep({ dispatch, close }: StepProps) {
  return (
    <StepFrame
      title="Your agent is ready"
      description="Want a hand fine-tuning it? Book a free call with one of our experts."
      actions={
        <>
          <Button
            variant="default"
            leftSection={<IconArrowLeft size={16} />}
            onClick={() => dispatch({ type: 'BACK' })}
          >
            Back
          </Button>
          <Button
            onClick={() => {
              dispatch({ type: 'COMPLETE' }, 0);
              close();
            }}
          >
            Finish
          </Button>
        </>
      }
    >
      <Card p="xl">
        <Stack align="flex-start" gap="sm">
          <ThemeIcon size={44} radius="md" variant="light">
            <IconCalendarEvent size={24} />
          </ThemeIcon>
          <Text size="sm" c="dimmed">
            A 20-minute video call to review your prompt, actions and call routing together.
          </Text>
          <Button variant="light" onClick={openSchedulePage}>
            Talk with an expert
          </Button>
        </Stack>
      </Card>
    </StepFrame>
  );
}
