import { Button, Group, Loader, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { endpoints } from '@switchboard/contract';
import { useState } from 'react';
import { notify } from '../../../app/notify';
import type { OverlayProps } from '../../../app/overlays/overlay-types';
import { ApiError } from '../../../lib/api-error';
import { useApiMutation, useApiQuery } from '../../../lib/use-api';
import { useAgentAccountId } from '../studio/use-agent-account-id';

const failed = (failure: unknown, fallback: string) =>
  notify(failure instanceof ApiError ? failure.message : fallback, { tone: 'error' });

/** createTemplate[=<agent account id>]: saves an agent's setup as a template of the acting reseller or partner. */
export function CreateTemplateOverlay({ value, close }: OverlayProps) {
  const agentAccountId = useAgentAccountId(value);
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const create = useApiMutation(endpoints.createTemplate, {
    invalidates: [endpoints.listTemplates],
    showsError: true,
  });
  const submit = async () => {
    try {
      await create.mutateAsync({
        body: {
          name: name.trim(),
          ...(description.trim() ? { description: description.trim() } : {}),
          ...(agentAccountId === null ? {} : { fromAgentAccountId: agentAccountId }),
        },
      });
      notify('Template saved. It stays hidden from your accounts until you enable it.', { tone: 'success' });
      close();
    } catch (failure) {
      failed(failure, 'Error saving template');
    }
  };
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        The prompt, greeting, actions and settings of this agent become a template that new agents can start
        from.
      </Text>
      <TextInput
        label="Template name"
        required
        data-autofocus
        value={name}
        onChange={(event) => setName(event.currentTarget.value)}
      />
      <Textarea
        label="Description"
        autosize
        minRows={2}
        value={description}
        onChange={(event) => setDescription(event.currentTarget.value)}
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={close}>
          Cancel
        </Button>
        <Button disabled={name.trim() === ''} loading={create.isPending} onClick={() => void submit()}>
          Save template
        </Button>
      </Group>
    </Stack>
  );
}

/** renameTemplate=<template id>: gives a template a new name. */
export function RenameTemplateOverlay({ value, close }: OverlayProps) {
  const template = useApiQuery(
    endpoints.getTemplate,
    { params: { id: value ?? '' } },
    { enabled: value !== null },
  );
  const save = useApiMutation(endpoints.saveTemplate, {
    invalidates: [endpoints.listTemplates, endpoints.getTemplate],
    showsError: true,
  });
  const [name, setName] = useState<string | null>(null);
  if (value === null) return <Text size="sm">Choose a template to rename.</Text>;
  if (template.isPending) return <Loader size="sm" />;
  if (template.isError)
    return (
      <Text size="sm" c="red">
        {template.error.message}
      </Text>
    );
  const current = name ?? template.data.template.name;
  const submit = async () => {
    try {
      await save.mutateAsync({ params: { id: value }, body: { name: current.trim() } });
      notify('Template renamed', { tone: 'success' });
      close();
    } catch (failure) {
      failed(failure, 'Failed to save template');
    }
  };
  return (
    <Stack gap="md">
      <TextInput
        label="Template name"
        data-autofocus
        value={current}
        onChange={(event) => setName(event.currentTarget.value)}
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={close}>
          Cancel
        </Button>
        <Button
          disabled={current.trim() === '' || !template.data.template.editable}
          loading={save.isPending}
          onClick={() => void submit()}
        >
          Rename
        </Button>
      </Group>
    </Stack>
  );
}
