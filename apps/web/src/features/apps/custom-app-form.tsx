import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Group,
  PasswordInput,
  Select,
  Stack,
  TagsInput,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { endpoints, type AppView } from '@switchboard/contract';
import { IconArrowLeft, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { notify } from '../../app/notify';
import { useApiMutation } from '../../lib/use-api';
import { customAppDefinition, emptyCustomApp, identifierFrom, type CustomAppDraft } from './app-forms';
import { appQueries, withAccount } from './use-apps';

interface CustomAppFormProps {
  accountId: number | null;
  onCancel: () => void;
  onCreated: (app: AppView) => void;
}

const methods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
const parameterTypes = ['string', 'number', 'boolean'] as const;

/** Describes the organization's own app: one function that calls one URL of its system. */
export function CustomAppForm({ accountId, onCancel, onCreated }: CustomAppFormProps) {
  const [draft, setDraft] = useState<CustomAppDraft>(emptyCustomApp);
  const [error, setError] = useState<string | null>(null);
  const create = useApiMutation(endpoints.installApp, { invalidates: appQueries, showsError: true });
  const change = (patch: Partial<CustomAppDraft>) => setDraft((current) => ({ ...current, ...patch }));
  const setParameter = (index: number, patch: Partial<CustomAppDraft['parameters'][number]>) =>
    change({ parameters: draft.parameters.map((item, at) => (at === index ? { ...item, ...patch } : item)) });

  const appId = identifierFrom(draft.name, 'camel');
  const ready =
    appId.length >= 2 &&
    draft.functionTitle.trim() !== '' &&
    draft.functionDescription.trim() !== '' &&
    draft.url.trim() !== '';

  const submit = () => {
    setError(null);
    const { app } = customAppDefinition(draft);
    create.mutate(
      { params: { appId, appVersion: 'v1' }, body: { app, reload: false }, ...withAccount(accountId) },
      {
        onSuccess: (answer) => {
          notify(`${answer.app.name} installed`, { tone: 'success' });
          onCreated(answer.app);
        },
        onError: (failure) => setError(failure.message),
      },
    );
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="md">
        <Button
          variant="subtle"
          leftSection={<IconArrowLeft size={16} />}
          onClick={onCancel}
          px={0}
          w="fit-content"
        >
          All apps
        </Button>
        <div>
          <Title order={3}>New custom app</Title>
          <Text size="sm" c="dimmed">
            Let agents call your own system: describe what the function does and the URL it calls. The
            caller’s answers arrive as the JSON body (or the query string for GET and DELETE).
          </Text>
        </div>
        <TextInput
          label="App name"
          required
          placeholder="Order desk"
          description={appId ? `App id: ${appId}` : 'Letters and digits; it becomes the app id.'}
          value={draft.name}
          onChange={(event) => change({ name: event.currentTarget.value })}
        />
        <TextInput
          label="Description"
          placeholder="Order lookups from our warehouse system"
          value={draft.description}
          onChange={(event) => change({ description: event.currentTarget.value })}
        />
        <Group grow align="flex-start">
          <TextInput
            label="Function"
            required
            placeholder="Order status"
            value={draft.functionTitle}
            onChange={(event) => change({ functionTitle: event.currentTarget.value })}
          />
          <Select
            label="Method"
            data={methods.map((method) => ({ value: method, label: method }))}
            value={draft.method}
            allowDeselect={false}
            onChange={(method) => change({ method: method ?? 'POST' })}
          />
        </Group>
        <Textarea
          label="When the agent should use it"
          required
          autosize
          minRows={2}
          placeholder="Look up an order by its number and say where it is."
          value={draft.functionDescription}
          onChange={(event) => change({ functionDescription: event.currentTarget.value })}
        />
        <TextInput
          label="URL"
          required
          placeholder="https://api.example.com/orders/{{args.orderNumber}}"
          description="{{args.name}} inserts an argument, encoded for the URL."
          value={draft.url}
          onChange={(event) => change({ url: event.currentTarget.value })}
        />
        <PasswordInput
          label="API key"
          description="Optional; sent as Authorization: Bearer <key>."
          autoComplete="off"
          value={draft.apiKey}
          onChange={(event) => change({ apiKey: event.currentTarget.value })}
        />
        <Stack gap="xs">
          <Group justify="space-between">
            <Text size="sm" fw={500}>
              What the agent asks the caller for
            </Text>
            <Button
              size="xs"
              variant="light"
              leftSection={<IconPlus size={14} />}
              onClick={() =>
                change({
                  parameters: [
                    ...draft.parameters,
                    { name: '', type: 'string', description: '', required: true },
                  ],
                })
              }
            >
              Add argument
            </Button>
          </Group>
          {draft.parameters.length === 0 ? (
            <Text size="sm" c="dimmed">
              No arguments: the function is called as it is.
            </Text>
          ) : null}
          {draft.parameters.map((parameter, index) => (
            <Group key={index} wrap="nowrap" align="flex-end">
              <TextInput
                label="Name"
                placeholder="orderNumber"
                value={parameter.name}
                error={
                  parameter.name !== '' && !/^[A-Za-z][A-Za-z0-9_]{0,39}$/.test(parameter.name)
                    ? 'Letters, digits and _'
                    : undefined
                }
                onChange={(event) => setParameter(index, { name: event.currentTarget.value })}
                style={{ flex: 3 }}
              />
              <Select
                label="Type"
                w={100}
                data={[...parameterTypes]}
                value={parameter.type}
                allowDeselect={false}
                onChange={(type) => setParameter(index, { type: type ?? 'string' })}
              />
              <TextInput
                label="Description"
                placeholder="The order number"
                value={parameter.description}
                onChange={(event) => setParameter(index, { description: event.currentTarget.value })}
                style={{ flex: 4 }}
              />
              <Checkbox
                label="Required"
                mb={8}
                checked={parameter.required}
                onChange={(event) => setParameter(index, { required: event.currentTarget.checked })}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                mb={4}
                aria-label={`Remove argument ${parameter.name || index + 1}`}
                onClick={() => change({ parameters: draft.parameters.filter((_, at) => at !== index) })}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          ))}
        </Stack>
        <TagsInput
          label="What callers might say"
          description="A few phrases that call for it; press Enter after each."
          placeholder="where is my order"
          value={draft.examples}
          onChange={(examples) => change({ examples })}
        />
        <TextInput
          label="What the agent says when it worked"
          placeholder="Order {{response.number}} is {{response.status}}."
          description="{{response.field}} reads the JSON answer. Leave empty to let the model word it."
          value={draft.successMessage}
          onChange={(event) => change({ successMessage: event.currentTarget.value })}
        />
        <TextInput
          label="What the agent says when it did not"
          placeholder="I could not find that order."
          value={draft.failureMessage}
          onChange={(event) => change({ failureMessage: event.currentTarget.value })}
        />
        {error ? (
          <Alert color="red" title="Not created">
            {error}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" disabled={!ready} loading={create.isPending}>
            Create and install
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
