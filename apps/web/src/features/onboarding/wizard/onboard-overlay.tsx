import { Alert, Box, Button, Center, Group, Loader, Progress, Stack, Stepper, Text } from '@mantine/core';
import { endpoints, type AccountView } from '@switchboard/contract';
import { onboardingPath, onboardingProgress, type OnboardingStep } from '@switchboard/core';
import { IconLogout, IconRefresh } from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { confirmAction } from '../../../app/confirm-action';
import type { OverlayProps } from '../../../app/overlays/overlay-types';
import { usePathTiers } from '../../../lib/path-tiers';
import { useApiQuery } from '../../../lib/use-api';
import { EditAgentStep, SelectTimezoneStep, SelectVoiceStep } from './steps/agent-steps';
import { ChooseNumberStep, ScheduleCallStep, TestAgentStep, WelcomeStep } from './steps/finish-steps';
import { GenerateAgentStep } from './steps/generate-step';
import type { StepProps } from './steps/step-props';
import { SelectTemplateStep, SetupIntegrationsStep, SetupTemplateStep } from './steps/template-steps';
import { useOnboarding } from './use-onboarding';

const stepLabels: Record<OnboardingStep, string> = {
  WELCOME: 'Welcome',
  SELECT_TEMPLATE: 'Template',
  SETUP_TEMPLATE: 'Your business',
  SETUP_INTEGRATIONS: 'Apps',
  GENERATE_AGENT: 'Create agent',
  SELECT_VOICE: 'Voice',
  SELECT_TIMEZONE: 'Timezone',
  EDIT_AGENT: 'Prompt',
  TEST_AGENT: 'Test call',
  CHOOSE_NUMBER: 'Phone number',
  SCHEDULE_CALL: 'Expert call',
};

const stepScreens: Record<OnboardingStep, ComponentType<StepProps>> = {
  WELCOME: WelcomeStep,
  SELECT_TEMPLATE: SelectTemplateStep,
  SETUP_TEMPLATE: SetupTemplateStep,
  SETUP_INTEGRATIONS: SetupIntegrationsStep,
  GENERATE_AGENT: GenerateAgentStep,
  SELECT_VOICE: SelectVoiceStep,
  SELECT_TIMEZONE: SelectTimezoneStep,
  EDIT_AGENT: EditAgentStep,
  TEST_AGENT: TestAgentStep,
  CHOOSE_NUMBER: ChooseNumberStep,
  SCHEDULE_CALL: ScheduleCallStep,
};

function Wizard({
  account,
  linkedStep,
  close,
}: {
  account: AccountView;
  linkedStep: string | null;
  close: () => void;
}) {
  const { record, dispatch } = useOnboarding(account, linkedStep);
  const path = onboardingPath(record);
  const active = Math.max(0, path.indexOf(record.activeStep));
  const Screen = stepScreens[record.activeStep];
  const agentAccountId = record.agentAccountId ?? (account.accountType === 'agent' ? account.id : null);
  const restart = async () => {
    const ok = await confirmAction({
      title: 'Start over?',
      message: 'Your answers are cleared. An agent you already created stays as it is.',
      confirmLabel: 'Start over',
    });
    if (ok) dispatch({ type: 'RESTART' });
  };
  const exit = () => {
    dispatch({ type: 'EXIT' }, 0);
    close();
  };
  return (
    <Stack gap="lg" maw={1100} mx="auto" data-onboarding-step={record.activeStep}>
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          Step {active + 1} of {path.length}: {stepLabels[record.activeStep]}
        </Text>
        <Group gap="xs">
          <Button
            variant="subtle"
            size="xs"
            leftSection={<IconRefresh size={14} />}
            onClick={() => void restart()}
          >
            Start over
          </Button>
          <Button
            variant="subtle"
            color="gray"
            size="xs"
            leftSection={<IconLogout size={14} />}
            onClick={exit}
          >
            Exit setup
          </Button>
        </Group>
      </Group>
      <Progress value={onboardingProgress(record) * 100} size="sm" aria-label="Setup progress" />
      <Group align="flex-start" gap="xl" wrap="nowrap">
        <Box visibleFrom="md" w={200} style={{ flexShrink: 0 }}>
          <Stepper active={active} orientation="vertical" size="xs" allowNextStepsSelect={false}>
            {path.map((step) => (
              <Stepper.Step key={step} label={stepLabels[step]} />
            ))}
          </Stepper>
        </Box>
        <Box style={{ flex: 1, minWidth: 0 }} maw={760}>
          <Screen
            record={record}
            dispatch={dispatch}
            account={account}
            agentAccountId={agentAccountId}
            close={close}
          />
        </Box>
      </Group>
    </Stack>
  );
}

/** onboard[=<step or alias>]: the setup wizard of the account on screen, resumed where it was left. */
export function OnboardOverlay({ value, close }: OverlayProps) {
  const tiers = usePathTiers();
  const accountId = tiers.at(-1)?.id ?? null;
  const account = useApiQuery(
    endpoints.getAccount,
    accountId === null ? {} : { targetAccountId: accountId },
    {
      staleTime: 60_000,
    },
  );
  if (account.isPending) {
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  }
  if (account.isError) {
    return (
      <Alert color="red" title="Setup cannot open">
        {account.error.message}
      </Alert>
    );
  }
  const found = account.data.account;
  if (found.accountType !== 'organization' && found.accountType !== 'agent') {
    return (
      <Text size="sm" c="dimmed">
        Setup creates an organization’s agents: open one of your organizations first.
      </Text>
    );
  }
  return <Wizard account={found} linkedStep={value} close={close} />;
}
