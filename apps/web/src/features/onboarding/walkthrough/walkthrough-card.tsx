import {
  Badge,
  Button,
  Card,
  Group,
  Progress,
  Stack,
  Text,
  ThemeIcon,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { endpoints, walkthroughSteps, type AccountView, type WalkthroughStep } from '@switchboard/contract';
import { IconCheck, IconChevronRight } from '@tabler/icons-react';
import { useState } from 'react';
import { useOverlayLink } from '../../../app/shell/overlay-link';
import { useApiQuery } from '../../../lib/use-api';
import classes from './walkthrough-card.module.css';

const stepCopy: Record<WalkthroughStep, { title: string; detail: string; action: string }> = {
  SETUP_AGENT: {
    title: 'Set up your agent',
    detail: 'Give it a prompt, a greeting and the actions it may take.',
    action: 'Set up',
  },
  TEST_AGENT: {
    title: 'Test your agent',
    detail: 'Talk to it by voice or chat before callers do.',
    action: 'Test',
  },
  ADD_NUMBER: {
    title: 'Get a phone number',
    detail: 'Pick a new number callers will dial, or bring one you own.',
    action: 'Add number',
  },
  FORWARD_CALLS: {
    title: 'Forward your calls',
    detail: 'Send your existing line to the agent when you are busy or closed.',
    action: 'Show me how',
  },
};

interface WalkthroughProps {
  /** The account on screen (an organization, or the agent whose overview this is). */
  account: AccountView;
  agentAccountId: number | null;
}

/**
 * The getting-started checklist (spec §4 walkthrough). It belongs to the signed-in account: its steps tick from
 * what the account really did (the server reads its records: an agent, a test conversation, a number, a verified
 * forwarding). On an agent's page they are that agent's own steps; on the organization's, an organization counts
 * any of its agents. Accounts above organizations never see it.
 */
export function WalkthroughCard(props: WalkthroughProps) {
  const me = useApiQuery(endpoints.getAccount, {}, { staleTime: 60_000 });
  const owner = me.data?.account;
  if (!owner || (owner.accountType !== 'organization' && owner.accountType !== 'agent')) return null;
  return <Checklist key={owner.id} {...props} />;
}

/** Where each step is done: the screen that opens when the person starts it. */
function useStepScreens(agentAccountId: number | null) {
  const openOverlay = useOverlayLink();
  const agent = agentAccountId ?? undefined;
  return (step: WalkthroughStep) => {
    if (step === 'SETUP_AGENT') openOverlay(agentAccountId === null ? 'onboard' : 'editAgent');
    else if (step === 'TEST_AGENT') openOverlay('testAgent', agent);
    else if (step === 'ADD_NUMBER') openOverlay('number', agent);
    else openOverlay('forwardingInstructions', agent);
  };
}

function Checklist({ agentAccountId }: WalkthroughProps) {
  const open = useStepScreens(agentAccountId);
  // On an agent's page the steps are that agent's own (its number, its tests); on the organization's, any agent's.
  const progress = useApiQuery(
    endpoints.walkthrough,
    agentAccountId === null ? {} : { targetAccountId: agentAccountId },
    { refetchOnWindowFocus: true },
  );
  const [active, setActive] = useState<WalkthroughStep | null>(null);
  if (!progress.data) return null;
  const completed: readonly WalkthroughStep[] = progress.data.completed;
  const next = progress.data.next;
  if (next === null) return null;
  const go = (step: WalkthroughStep) => {
    setActive(step);
    open(step);
  };

  return (
    <Card p="lg" data-testid="walkthrough">
      <Group justify="space-between" mb="md" align="flex-start">
        <div>
          <Title order={2} fz="md">
            Get your agent on the phone
          </Title>
          <Text size="sm" c="dimmed">
            {completed.length} of {walkthroughSteps.length} done
          </Text>
        </div>
        <Button
          size="xs"
          variant="light"
          rightSection={<IconChevronRight size={14} />}
          onClick={() => go(next)}
        >
          Continue
        </Button>
      </Group>
      <Progress
        value={(completed.length / walkthroughSteps.length) * 100}
        size="sm"
        mb="md"
        aria-label="Walkthrough progress"
      />
      <Stack gap={4}>
        {walkthroughSteps.map((step, index) => {
          const done = completed.includes(step);
          const isActive = active === step && !done;
          const copy = stepCopy[step];
          return (
            <Group
              key={step}
              className={classes.step}
              data-active={isActive || undefined}
              justify="space-between"
              wrap="nowrap"
            >
              <UnstyledButton className={classes.main} onClick={() => go(step)} disabled={done}>
                <Group gap="sm" wrap="nowrap">
                  <ThemeIcon
                    radius="xl"
                    size={26}
                    variant={done ? 'filled' : 'light'}
                    color={done ? 'teal' : 'brand'}
                  >
                    {done ? (
                      <IconCheck size={14} />
                    ) : (
                      <Text size="xs" fw={700}>
                        {index + 1}
                      </Text>
                    )}
                  </ThemeIcon>
                  <div>
                    <Text
                      size="sm"
                      fw={600}
                      td={done ? 'line-through' : undefined}
                      c={done ? 'dimmed' : undefined}
                    >
                      {copy.title}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {copy.detail}
                    </Text>
                  </div>
                </Group>
              </UnstyledButton>
              {!done && (
                <Group gap={6} wrap="nowrap">
                  {isActive && (
                    <Badge size="sm" variant="light">
                      In progress
                    </Badge>
                  )}
                  <Button size="compact-sm" variant="default" onClick={() => go(step)}>
                    {copy.action}
                  </Button>
                </Group>
              )}
            </Group>
          );
        })}
      </Stack>
    </Card>
  );
}
