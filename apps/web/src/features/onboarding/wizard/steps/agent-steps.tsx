import {
  Alert,
  Button,
  Card,
  Center,
  Group,
  Loader,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { endpoints, type AgentConfigInput } from '@switchboard/contract';
import { describeVoice, voicesForLanguage } from '@switchboard/core';
import { IconArrowLeft, IconArrowRight, IconCheck, IconExternalLink } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useOverlayLink } from '../../../../app/shell/overlay-link';
import { callApi } from '../../../../lib/api-client';
import { ApiError } from '../../../../lib/api-error';
import { apiQueryScope, useApiQuery } from '../../../../lib/use-api';
import { timeZoneOptions } from '../../../agents';
import { StepFrame } from './step-frame';
import type { StepProps } from './step-props';

/** The agent's live campaign, and a save that publishes at once (setup changes go straight to callers). */
function useLiveCampaign(agentAccountId: number) {
  const queryClient = useQueryClient();
  const campaign = useApiQuery(endpoints.getCampaign, { targetAccountId: agentAccountId, query: {} });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const save = async (change: AgentConfigInput): Promise<boolean> => {
    setBusy(true);
    setError(null);
    try {
      await callApi(endpoints.saveCampaign, {
        targetAccountId: agentAccountId,
        query: {},
        body: { ...change, published: true },
      });
      await queryClient.invalidateQueries({ queryKey: apiQueryScope(endpoints.getCampaign) });
      return true;
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : 'Error saving instructions');
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { campaign, save, busy, error };
}

function NeedsAgent({ dispatch, children }: Pick<StepProps, 'dispatch'> & { children?: ReactNode }) {
  return (
    <StepFrame title="Create your agent first" description="This step works on the agent you create.">
      {children}
      <Button w="fit-content" onClick={() => dispatch({ type: 'GO_TO', step: 'GENERATE_AGENT' })}>
        Create my agent
      </Button>
    </StepFrame>
  );
}

function Back({ dispatch }: Pick<StepProps, 'dispatch'>) {
  return (
    <Button
      variant="default"
      leftSection={<IconArrowLeft size={16} />}
      onClick={() => dispatch({ type: 'BACK' })}
    >
      Back
    </Button>
  );
}

function Pending({ error }: { error?: string }) {
  return error ? (
    <Alert color="red">{error}</Alert>
  ) : (
    <Center py="xl">
      <Loader />
    </Center>
  );
}

function VoiceChoice({ agentAccountId, dispatch }: { agentAccountId: number } & Pick<StepProps, 'dispatch'>) {
  const { campaign, save, busy, error } = useLiveCampaign(agentAccountId);
  const [picked, setPicked] = useState<string | null>(null);
  if (!campaign.data) return <Pending error={campaign.error?.message} />;
  const current = picked ?? campaign.data.campaign.agentVoice;
  return (
    <StepFrame
      title="Pick a voice"
      description="How your agent sounds on the phone. You can change it any time."
      actions={
        <>
          <Back dispatch={dispatch} />
          <Button
            rightSection={<IconArrowRight size={16} />}
            loading={busy}
            onClick={() =>
              void (async () => {
                if (picked === null || (await save({ agentVoice: picked }))) dispatch({ type: 'NEXT' });
              })()
            }
          >
            Continue
          </Button>
        </>
      }
    >
      {error && <Alert color="red">{error}</Alert>}
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
        {voicesForLanguage(campaign.data.campaign.agentLang).map((voice) => {
          const selected = voice.id === current;
          return (
            <UnstyledButton
              key={voice.id}
              h="100%"
              aria-pressed={selected}
              aria-label={`${voice.name}, ${describeVoice(voice)}`}
              onClick={() => setPicked(voice.id)}
            >
              <Card
                p="sm"
                radius="md"
                h="100%"
                style={{
                  borderColor: selected ? 'var(--mantine-primary-color-filled)' : undefined,
                  boxShadow: selected ? '0 0 0 1px var(--mantine-primary-color-filled)' : undefined,
                }}
              >
                <Group justify="space-between">
                  <Text fw={600}>{voice.name}</Text>
                  {selected && <IconCheck size={16} color="var(--mantine-primary-color-filled)" />}
                </Group>
                <Text size="xs" c="dimmed">
                  {describeVoice(voice)} · {voice.description}
                </Text>
              </Card>
            </UnstyledButton>
          );
        })}
      </SimpleGrid>
    </StepFrame>
  );
}

/** SELECT_VOICE */
export function SelectVoiceStep({ agentAccountId, dispatch }: StepProps) {
  if (agentAccountId === null) return <NeedsAgent dispatch={dispatch} />;
  return <VoiceChoice agentAccountId={agentAccountId} dispatch={dispatch} />;
}

function TimezoneChoice({
  agentAccountId,
  dispatch,
}: { agentAccountId: number } & Pick<StepProps, 'dispatch'>) {
  const { campaign, save, busy, error } = useLiveCampaign(agentAccountId);
  const [zone, setZone] = useState(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  if (!campaign.data) return <Pending error={campaign.error?.message} />;
  return (
    <StepFrame
      title="Where are you?"
      description="Your agent uses this timezone for opening hours, bookings and the times it says."
      actions={
        <>
          <Back dispatch={dispatch} />
          <Button
            rightSection={<IconArrowRight size={16} />}
            loading={busy}
            onClick={() => void save({ timezone: zone }).then((ok) => ok && dispatch({ type: 'NEXT' }))}
          >
            Continue
          </Button>
        </>
      }
    >
      {error && <Alert color="red">{error}</Alert>}
      <Select
        label="Timezone"
        searchable
        maw={420}
        data={timeZoneOptions(zone)}
        value={zone}
        allowDeselect={false}
        onChange={(value) => value && setZone(value)}
      />
    </StepFrame>
  );
}

/** SELECT_TIMEZONE */
export function SelectTimezoneStep({ agentAccountId, dispatch }: StepProps) {
  if (agentAccountId === null) return <NeedsAgent dispatch={dispatch} />;
  return <TimezoneChoice agentAccountId={agentAccountId} dispatch={dispatch} />;
}

function PromptReview({
  agentAccountId,
  dispatch,
}: { agentAccountId: number } & Pick<StepProps, 'dispatch'>) {
  const openOverlay = useOverlayLink();
  const { campaign, save, busy, error } = useLiveCampaign(agentAccountId);
  const [greeting, setGreeting] = useState<string | null>(null);
  const [prompt, setPrompt] = useState<string | null>(null);
  if (!campaign.data) return <Pending error={campaign.error?.message} />;
  const config = campaign.data.campaign;
  const promptValue = prompt ?? config.agentInstructions;
  const promptError = promptValue.trim() === '' ? 'Please enter a prompt.' : null;
  return (
    <StepFrame
      title="Review what your agent says"
      description="This is the prompt we wrote for you. Change anything that is not quite right."
      actions={
        <>
          <Back dispatch={dispatch} />
          <Group gap="xs">
            <Button
              variant="default"
              rightSection={<IconExternalLink size={16} />}
              onClick={() => openOverlay('editAgent', agentAccountId)}
            >
              Open the full editor
            </Button>
            <Button
              loading={busy}
              disabled={promptError !== null}
              rightSection={<IconArrowRight size={16} />}
              onClick={() =>
                void (async () => {
                  const changed = greeting !== null || prompt !== null;
                  const ok =
                    !changed ||
                    (await save({
                      welcomeMessage: greeting ?? config.welcomeMessage,
                      agentInstructions: promptValue,
                    }));
                  if (ok) dispatch({ type: 'NEXT' });
                })()
              }
            >
              Save and continue
            </Button>
          </Group>
        </>
      }
    >
      {error && <Alert color="red">{error}</Alert>}
      <Stack gap="md">
        <TextInput
          label="Greeting"
          value={greeting ?? config.welcomeMessage}
          onChange={(event) => setGreeting(event.currentTarget.value)}
        />
        <Textarea
          label="Prompt"
          autosize
          minRows={10}
          maxRows={20}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
          value={promptValue}
          error={promptError}
          onChange={(event) => setPrompt(event.currentTarget.value)}
        />
      </Stack>
    </StepFrame>
  );
}

/** EDIT_AGENT */
export function EditAgentStep({ agentAccountId, dispatch }: StepProps) {
  if (agentAccountId === null) return <NeedsAgent dispatch={dispatch} />;
  return <PromptReview agentAccountId={agentAccountId} dispatch={dispatch} />;
}
