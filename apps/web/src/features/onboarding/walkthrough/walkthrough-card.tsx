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
import { endpoints, type AccountView } from '@switchboard/contract';
import {
  completeWalkthroughOnLoad,
  finishWalkthroughStep,
  isWalkthroughComplete,
  nextWalkthroughStep,
  readOnboardingRecord,
  readWalkthrough,
  startNextWalkthroughStep,
  startWalkthroughStep,
  walkthroughSteps,
  type WalkthroughState,
  type WalkthroughStep,
} from '@switchboard/core';
import { IconCheck, IconChevronRight } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useOverlayLink } from '../../../app/shell/overlay-link';
import { useApiQuery } from '../../../lib/use-api';
import { useSaveAccountSettings } from '../use-account-settings';
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
    detail: 'Pick the number callers will dial.',
    action: 'Choose number',
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
 * The getting-started checklist (spec §4 walkthrough). It belongs to the signed-in account (its settings keep it),
 * so the organization and its agents show the same progress; accounts above organizations never see it.
 */
export function WalkthroughCard(props: WalkthroughProps) {
  const me = useApiQuery(endpoints.getAccount, {}, { staleTime: 60_000 });
  const owner = me.data?.account;
  if (!owner || (owner.accountType !== 'organization' && owner.accountType !== 'agent')) return null;
  return <Checklist key={owner.id} owner={owner} {...props} />;
}

function Checklist({ owner, account, agentAccountId }: WalkthroughProps & { owner: AccountView }) {
  const openOverlay = useOverlayLink();
  const save = useSaveAccountSettings(owner.id);
  // When the account loads: a number, a finished onboarding or a legacy account mark the steps already done.
  const [loaded] = useState(() => {
    const stored = readWalkthrough(owner.settings.walkthrough);
    const next = completeWalkthroughOnLoad(stored, {
      hasPhoneNumber: owner.vidaPhoneNumber !== null || account.vidaPhoneNumber !== null,
      onboardingComplete:
        readOnboardingRecord(owner.settings.onboarding).onboardingComplete ||
        readOnboardingRecord(account.settings.onboarding).onboardingComplete,
      legacy: owner.legacy,
    });
    return { next, changed: next !== stored };
  });
  const [state, setState] = useState<WalkthroughState | null>(loaded.next);
  const savedOnLoad = useRef(false);
  useEffect(() => {
    if (savedOnLoad.current || !loaded.changed || loaded.next === null) return;
    savedOnLoad.current = true;
    void save({ walkthrough: loaded.next });
  }, [loaded, save]);

  if (isWalkthroughComplete(state)) return null;
  const update = (next: WalkthroughState | null) => {
    if (next === null) return;
    setState(next);
    void save({ walkthrough: next });
  };
  const go = (step: WalkthroughStep) => {
    update(startWalkthroughStep(state, step));
    if (step === 'SETUP_AGENT') openOverlay(agentAccountId === null ? 'onboard' : 'editAgent');
    else if (step === 'TEST_AGENT') openOverlay('testAgent', agentAccountId ?? undefined);
    else if (step === 'ADD_NUMBER') openOverlay('selectNumber');
    else openOverlay('forwardingInstructions');
  };
  const completed = state?.completed ?? [];
  const next = nextWalkthroughStep(state);

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
        {next && (
          <Button
            size="xs"
            variant="light"
            rightSection={<IconChevronRight size={14} />}
            onClick={() => {
              const started = startNextWalkthroughStep(state);
              if (started?.active) go(started.active);
            }}
          >
            Continue
          </Button>
        )}
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
          const active = state?.active === step;
          const copy = stepCopy[step];
          return (
            <Group
              key={step}
              className={classes.step}
              data-active={active || undefined}
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
                  {active && (
                    <Badge size="sm" variant="light">
                      In progress
                    </Badge>
                  )}
                  {active ? (
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      onClick={() => update(finishWalkthroughStep(state, step))}
                    >
                      Mark done
                    </Button>
                  ) : (
                    <Button size="compact-sm" variant="default" onClick={() => go(step)}>
                      {copy.action}
                    </Button>
                  )}
                </Group>
              )}
            </Group>
          );
        })}
      </Stack>
    </Card>
  );
}
