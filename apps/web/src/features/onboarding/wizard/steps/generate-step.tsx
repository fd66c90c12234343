import {
  Alert,
  Button,
  Card,
  Center,
  Loader,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { endpoints } from '@switchboard/contract';
import { IconArrowLeft, IconSparkles } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { callApi } from '../../../../lib/api-client';
import { ApiError } from '../../../../lib/api-error';
import { apiQueryScope, useApiQuery } from '../../../../lib/use-api';
import { buildScratchAgent, type ScratchAnswers } from '../scratch-prompt';
import { StepFrame } from './step-frame';
import type { StepProps } from './step-props';

function useCreate(props: StepProps) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (create: () => Promise<number>) => {
    setBusy(true);
    setError(null);
    try {
      const agentAccountId = await create();
      await queryClient.invalidateQueries({ queryKey: apiQueryScope(endpoints.listAccounts) });
      props.dispatch({ type: 'AGENT_GENERATED', agentAccountId }, 0);
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : 'Could not create the agent');
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, run };
}

/** GENERATE_AGENT from a template: the answers, then the agent built from them (createAgentFromTemplate). */
function FromTemplate(props: StepProps) {
  const { record, dispatch, account } = props;
  const { busy, error, run } = useCreate(props);
  const template = useApiQuery(
    endpoints.getTemplate,
    { targetAccountId: account.id, params: { id: record.templateId ?? '' } },
    { enabled: record.templateId !== null },
  );
  const generate = () =>
    run(async () => {
      const templateId = record.templateId ?? '';
      if (account.accountType === 'agent') {
        // An agent account setting itself up takes the template in place.
        await callApi(endpoints.saveCampaign, {
          targetAccountId: account.id,
          query: {},
          body: { templateId, templateFields: record.templateFields, published: true },
        });
        return account.id;
      }
      const created = await callApi(endpoints.createAgentFromTemplate, {
        targetAccountId: account.id,
        query: {},
        body: { templateId, templateFields: record.templateFields },
      });
      return created.account.id;
    });
  if (template.isPending) {
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  }
  const fields = template.data?.template.fields ?? [];
  const labels = new Map(fields.map((field) => [field.key, field.label]));
  // The answers in the order the questions were asked; anything the template no longer asks comes last.
  const asked = fields.map((field) => field.key).filter((key) => key in record.templateFields);
  const answers = [
    ...asked.map((key) => [key, record.templateFields[key] ?? ''] as const),
    ...Object.entries(record.templateFields).filter(([key]) => !labels.has(key)),
  ];
  return (
    <StepFrame
      title="Create your agent"
      description={`We write your ${template.data?.template.name ?? ''} agent's prompt, greeting and actions from your answers.`}
      actions={
        <>
          <Button
            variant="default"
            leftSection={<IconArrowLeft size={16} />}
            onClick={() => dispatch({ type: 'BACK' })}
          >
            Back
          </Button>
          <Button leftSection={<IconSparkles size={16} />} loading={busy} onClick={() => void generate()}>
            Create my agent
          </Button>
        </>
      }
    >
      {error && (
        <Alert color="red" title="Could not create the agent">
          {error}
        </Alert>
      )}
      <Card p={0}>
        <Table verticalSpacing="sm" horizontalSpacing="lg">
          <Table.Tbody>
            {answers.map(([key, value]) => (
              <Table.Tr key={key}>
                <Table.Td w="35%">
                  <Text size="sm" c="dimmed">
                    {labels.get(key) ?? key}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{value}</Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Card>
    </StepFrame>
  );
}

/** GENERATE_AGENT from scratch: a few questions, then a first prompt the owner refines later. */
function FromScratch(props: StepProps) {
  const { dispatch, account } = props;
  const { busy, error, run } = useCreate(props);
  const [answers, setAnswers] = useState<ScratchAnswers>({
    agentName: '',
    businessName: '',
    about: '',
    tasks: '',
  });
  const set = (key: keyof ScratchAnswers) => (event: { currentTarget: { value: string } }) =>
    setAnswers({ ...answers, [key]: event.currentTarget.value });
  const generate = () =>
    run(async () => {
      const agent = buildScratchAgent(answers);
      let agentAccountId = account.id;
      if (account.accountType !== 'agent') {
        const created = await callApi(endpoints.createAccount, {
          targetAccountId: account.id,
          query: {},
          body: { accountName: agent.title },
        });
        agentAccountId = created.account.id;
      }
      await callApi(endpoints.saveCampaign, {
        targetAccountId: agentAccountId,
        query: {},
        body: { ...agent, published: true },
      });
      return agentAccountId;
    });
  return (
    <StepFrame
      title="Describe your agent"
      description="A few sentences are enough; you can rewrite every word of the prompt afterwards."
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
            leftSection={<IconSparkles size={16} />}
            loading={busy}
            disabled={answers.businessName.trim() === ''}
            onClick={() => void generate()}
          >
            Create my agent
          </Button>
        </>
      }
    >
      {error && (
        <Alert color="red" title="Could not create the agent">
          {error}
        </Alert>
      )}
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="Business name"
            required
            value={answers.businessName}
            onChange={set('businessName')}
          />
          <TextInput
            label="Agent name"
            placeholder="Ava"
            value={answers.agentName}
            onChange={set('agentName')}
          />
        </SimpleGrid>
        <Textarea
          label="About the business"
          placeholder="A family bakery on Main Street, open 7 am to 3 pm, closed Mondays."
          autosize
          minRows={3}
          value={answers.about}
          onChange={set('about')}
        />
        <Textarea
          label="What should the agent do for callers?"
          placeholder="Answer questions about opening hours and take cake orders for pickup."
          autosize
          minRows={3}
          value={answers.tasks}
          onChange={set('tasks')}
        />
      </Stack>
    </StepFrame>
  );
}

/** GENERATE_AGENT: builds the agent along the record's path. */
export function GenerateAgentStep(props: StepProps) {
  return props.record.method === 'BUILD_FROM_SCRATCH' || props.record.templateId === null ? (
    <FromScratch {...props} />
  ) : (
    <FromTemplate {...props} />
  );
}
