import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { endpoints } from '@switchboard/contract';
import { IconTemplate, IconUnlink } from '@tabler/icons-react';
import { useState } from 'react';
import { confirmAction } from '../../../app/confirm-action';
import { notify } from '../../../app/notify';
import { useOverlayLink } from '../../../app/shell/overlay-link';
import { callApi } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';
import { useApiQuery } from '../../../lib/use-api';
import type { PanelProps } from './panel-props';

interface TemplatePanelProps extends PanelProps {
  agentAccountId: number;
  /** Reads the campaign again after the server changed it (detach, apply). */
  reload: () => void;
  /** Saves pending edits first; false when they could not be saved. */
  flush: () => Promise<boolean>;
}

/** The template panel: the template this agent runs with its fields, detaching, or starting from one. */
export function TemplatePanel({ config, edit, agentAccountId, reload, flush }: TemplatePanelProps) {
  const openOverlay = useOverlayLink();
  const scope = { targetAccountId: agentAccountId } as const;
  const templateId = config.templateId;
  const template = useApiQuery(
    endpoints.getTemplate,
    { ...scope, params: { id: templateId ?? '' } },
    { enabled: templateId !== null, retry: false },
  );
  const templates = useApiQuery(endpoints.listTemplates, scope, { enabled: templateId === null });
  const [choice, setChoice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const detach = async () => {
    const ok = await confirmAction({
      title: 'Detach from the template?',
      message:
        'The agent keeps its prompt with the fields filled in, and stops following changes to the template.',
      confirmLabel: 'Detach',
    });
    if (!ok) return;
    setBusy(true);
    try {
      if (!(await flush())) return;
      await callApi(endpoints.detachAgentFromTemplate, { ...scope, query: {}, body: { mode: 'FULL_AGENT' } });
      reload();
      notify('Detached from the template', { tone: 'success' });
    } catch (failure) {
      notify(failure instanceof ApiError ? failure.message : 'Could not detach', { tone: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const apply = async () => {
    if (choice === null) return;
    const ok = await confirmAction({
      title: 'Start from this template?',
      message:
        'The template’s prompt, greeting and actions replace the draft. Save a version first to keep it.',
      confirmLabel: 'Use template',
    });
    if (!ok) return;
    setBusy(true);
    try {
      if (!(await flush())) return;
      await callApi(endpoints.saveCampaign, {
        ...scope,
        query: {},
        body: { templateId: choice, templateFields: {}, revision: config.revision },
      });
      reload();
    } catch (failure) {
      notify(failure instanceof ApiError ? failure.message : 'Failed to save template', { tone: 'error' });
    } finally {
      setBusy(false);
    }
  };

  if (templateId === null) {
    return (
      <Card p="lg">
        <Stack gap="md">
          <div>
            <Title order={3} fz="md">
              Template
            </Title>
            <Text size="sm" c="dimmed">
              This agent is not based on a template. Start from one, or save this agent as a template for
              others.
            </Text>
          </div>
          <Group align="flex-end">
            <Select
              label="Template"
              placeholder={templates.isPending ? 'Loading…' : 'Choose a template'}
              data={(templates.data?.templates ?? []).map((item) => ({ value: item.id, label: item.name }))}
              value={choice}
              onChange={setChoice}
              style={{ flex: 1 }}
            />
            <Button variant="light" disabled={choice === null} loading={busy} onClick={() => void apply()}>
              Use template
            </Button>
          </Group>
          <Button
            variant="subtle"
            w="fit-content"
            leftSection={<IconTemplate size={16} />}
            onClick={() => openOverlay('createTemplate', agentAccountId)}
          >
            Save this agent as a template
          </Button>
        </Stack>
      </Card>
    );
  }

  if (template.isPending) return <Loader size="sm" />;
  const fields = template.data?.template.fields ?? [];
  return (
    <Stack gap="lg">
      <Card p="lg">
        <Group justify="space-between" align="flex-start">
          <div>
            <Group gap="xs">
              <Title order={3} fz="md">
                {template.data?.template.name ?? templateId}
              </Title>
              <Badge variant="light">Template</Badge>
            </Group>
            <Text size="sm" c="dimmed" maw={560}>
              {template.data?.template.description ??
                'The template this agent was made from is no longer available; its text stays in the prompt.'}
            </Text>
          </div>
          <Button
            variant="default"
            color="red"
            leftSection={<IconUnlink size={16} />}
            loading={busy}
            onClick={() => void detach()}
          >
            Detach
          </Button>
        </Group>
      </Card>
      {template.isError && (
        <Alert color="orange" title="Template unavailable">
          {template.error.message}
        </Alert>
      )}
      {fields.length > 0 && (
        <Card p="lg">
          <Stack gap="md">
            <div>
              <Title order={3} fz="md">
                Template fields
              </Title>
              <Text size="sm" c="dimmed">
                The facts the template fills into the prompt.
              </Text>
            </div>
            <SimpleGrid cols={{ base: 1, md: 2 }}>
              {fields.map((field) => {
                const props = {
                  label: field.label,
                  description: field.description || undefined,
                  placeholder: field.placeholder || field.example,
                  required: field.required,
                  value: config.templateFields[field.key] ?? '',
                };
                const set = (value: string) =>
                  edit((draft) => ({
                    ...draft,
                    templateFields: { ...draft.templateFields, [field.key]: value },
                  }));
                return field.type === 'textarea' ? (
                  <Textarea
                    key={field.key}
                    {...props}
                    autosize
                    minRows={2}
                    onChange={(event) => set(event.currentTarget.value)}
                  />
                ) : (
                  <TextInput
                    key={field.key}
                    {...props}
                    onChange={(event) => set(event.currentTarget.value)}
                  />
                );
              })}
            </SimpleGrid>
          </Stack>
        </Card>
      )}
    </Stack>
  );
}
