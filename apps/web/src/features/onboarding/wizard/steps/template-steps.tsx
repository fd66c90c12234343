import {
  Alert,
  Badge,
  Button,
  Card,
  Center,
  Group,
  Loader,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { endpoints } from '@switchboard/contract';
import { IconArrowLeft, IconArrowRight, IconPlugConnected } from '@tabler/icons-react';
import { useState } from 'react';
import { useOverlayLink } from '../../../../app/shell/overlay-link';
import { useApiQuery } from '../../../../lib/use-api';
import { StepFrame } from './step-frame';
import type { StepProps } from './step-props';

/** SELECT_TEMPLATE: the templates offered to this account, as cards. */
export function SelectTemplateStep({ record, dispatch, account }: StepProps) {
  const templates = useApiQuery(endpoints.listTemplates, { targetAccountId: account.id });
  return (
    <StepFrame
      title="Choose a template"
      description="Each template is a complete agent for one kind of business; you fill in your details next."
      actions={
        <Button
          variant="default"
          leftSection={<IconArrowLeft size={16} />}
          onClick={() => dispatch({ type: 'BACK' })}
        >
          Back
        </Button>
      }
    >
      {templates.isPending ? (
        <Center py="xl">
          <Loader />
        </Center>
      ) : templates.isError ? (
        <Alert color="red" title="Could not load the templates">
          {templates.error.message}
        </Alert>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {templates.data.templates
            .filter((template) => !template.disabled)
            .map((template) => (
              <UnstyledButton
                key={template.id}
                aria-label={`Use the ${template.name} template`}
                onClick={() =>
                  dispatch({
                    type: 'CHOOSE_TEMPLATE',
                    templateId: template.id,
                    integrations: template.config.apps.map((app) => app.appId),
                  })
                }
              >
                <Card
                  p="lg"
                  h="100%"
                  style={{
                    borderColor:
                      record.templateId === template.id ? 'var(--mantine-primary-color-filled)' : undefined,
                  }}
                >
                  <Group justify="space-between" mb={6}>
                    <Text fw={650}>{template.name}</Text>
                    <Badge variant="light" size="sm">
                      {template.category || 'General'}
                    </Badge>
                  </Group>
                  <Text size="sm" c="dimmed" lineClamp={3}>
                    {template.description}
                  </Text>
                  <Text size="xs" c="dimmed" mt="sm">
                    {template.fields.length} question{template.fields.length === 1 ? '' : 's'}
                  </Text>
                </Card>
              </UnstyledButton>
            ))}
        </SimpleGrid>
      )}
    </StepFrame>
  );
}

/** SETUP_TEMPLATE: the template's fields, one question at a time. */
export function SetupTemplateStep({ record, dispatch, account }: StepProps) {
  const template = useApiQuery(
    endpoints.getTemplate,
    { targetAccountId: account.id, params: { id: record.templateId ?? '' } },
    { enabled: record.templateId !== null },
  );
  const [touched, setTouched] = useState(false);
  if (template.isPending) {
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  }
  if (template.isError) {
    return (
      <Alert color="red" title="This template is not available">
        {template.error.message}{' '}
        <Button size="compact-sm" variant="subtle" onClick={() => dispatch({ type: 'DISCARD_TEMPLATE' })}>
          Choose another
        </Button>
      </Alert>
    );
  }
  const fields = template.data.template.fields;
  const index = Math.min(record.fieldIndex, Math.max(fields.length - 1, 0));
  const field = fields[index];
  const next = () => {
    if (field?.required && (record.templateFields[field.key] ?? '').trim() === '') {
      setTouched(true);
      return;
    }
    setTouched(false);
    dispatch({ type: 'NEXT_FIELD', fieldCount: fields.length });
  };
  const value = field ? (record.templateFields[field.key] ?? '') : '';
  const error = touched && field?.required && value.trim() === '' ? 'Please answer this to continue' : null;
  const input = field && {
    label: field.label,
    description: field.description || undefined,
    placeholder: field.placeholder || field.example,
    value,
    error,
    'data-autofocus': true,
    required: field.required,
    onChange: (event: { currentTarget: { value: string } }) =>
      dispatch({ type: 'SET_FIELD', key: field.key, value: event.currentTarget.value }),
  };
  return (
    <StepFrame
      title={`Tell us about your business`}
      description={`${template.data.template.name}: question ${fields.length === 0 ? 0 : index + 1} of ${fields.length}`}
      actions={
        <>
          <Group gap="xs">
            <Button
              variant="default"
              leftSection={<IconArrowLeft size={16} />}
              onClick={() => dispatch({ type: 'PREVIOUS_FIELD' })}
            >
              Back
            </Button>
            <Button variant="subtle" color="gray" onClick={() => dispatch({ type: 'DISCARD_TEMPLATE' })}>
              Choose another template
            </Button>
          </Group>
          <Button rightSection={<IconArrowRight size={16} />} onClick={next}>
            {index + 1 >= fields.length ? 'Continue' : 'Next'}
          </Button>
        </>
      }
    >
      <Progress
        value={fields.length === 0 ? 100 : ((index + 1) / fields.length) * 100}
        size="xs"
        aria-label="Questions answered"
      />
      {input ? (
        <form
          key={field.key}
          onSubmit={(event) => {
            event.preventDefault();
            next();
          }}
        >
          {field.type === 'textarea' ? (
            <Textarea {...input} autosize minRows={3} />
          ) : (
            <TextInput
              {...input}
              type={field.type === 'email' ? 'email' : field.type === 'url' ? 'url' : 'text'}
            />
          )}
          {field.example && (
            <Text size="xs" c="dimmed" mt={6}>
              For example: {field.example}
            </Text>
          )}
        </form>
      ) : (
        <Text c="dimmed">This template needs no details.</Text>
      )}
    </StepFrame>
  );
}

/** SETUP_INTEGRATIONS: the apps the template works with, one at a time; each may be skipped. */
export function SetupIntegrationsStep({ record, dispatch }: StepProps) {
  const openOverlay = useOverlayLink();
  const appId = record.templateIntegrations[record.integrationIndex] ?? '';
  return (
    <StepFrame
      title={`Connect ${appId}`}
      description={`App ${record.integrationIndex + 1} of ${record.templateIntegrations.length}: this template works best with it connected.`}
      actions={
        <>
          <Button
            variant="default"
            leftSection={<IconArrowLeft size={16} />}
            onClick={() => dispatch({ type: 'BACK' })}
          >
            Back
          </Button>
          <Group gap="xs">
            <Button variant="subtle" onClick={() => dispatch({ type: 'SKIP_INTEGRATIONS' })}>
              Skip for now
            </Button>
            <Button onClick={() => dispatch({ type: 'NEXT_INTEGRATION' })}>Next</Button>
          </Group>
        </>
      }
    >
      <Card p="lg">
        <Stack align="flex-start" gap="sm">
          <IconPlugConnected size={28} />
          <Text size="sm">Connecting lets your agent read and write {appId} during calls.</Text>
          <Button variant="light" onClick={() => openOverlay('integrations', appId)}>
            Connect {appId}
          </Button>
        </Stack>
      </Card>
    </StepFrame>
  );
}
