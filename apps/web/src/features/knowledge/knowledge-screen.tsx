import { Badge, Button, Group, Loader, Paper, Progress, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconBooks, IconPlus } from '@tabler/icons-react';
import { endpoints, type KnowledgeBaseView } from '@switchboard/contract';
import { useState } from 'react';
import type { SectionProps } from '../../app/shell/section-registry';
import { useApiMutation, useApiQuery } from '../../lib/use-api';
import { KnowledgeBasePanel } from './knowledge-base-panel';

/** Pages still waiting or being read: while any are, the lists are read again every 1.5 s. */
export const inProgress = (base: KnowledgeBaseView) => base.documents.queued + base.documents.fetching;

function BaseCard({
  base,
  selected,
  onSelect,
}: {
  base: KnowledgeBaseView;
  selected: boolean;
  onSelect: () => void;
}) {
  const { total, ready, failed } = base.documents;
  const done = total === 0 ? 0 : ((ready + failed) / total) * 100;
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      component="button"
      type="button"
      onClick={onSelect}
      aria-pressed={selected}
      style={{
        textAlign: 'left',
        cursor: 'pointer',
        borderColor: selected ? 'var(--mantine-primary-color-filled)' : undefined,
        width: '100%',
      }}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text fw={600} truncate>
          {base.title}
        </Text>
        {inProgress(base) > 0 ? <Loader size="xs" aria-label="Filling" /> : null}
      </Group>
      <Text size="xs" c="dimmed">
        {ready} of {total} {total === 1 ? 'page' : 'pages'} ready · {base.chunks}{' '}
        {base.chunks === 1 ? 'passage' : 'passages'}
        {failed > 0 ? ` · ${failed} failed` : ''}
      </Text>
      {inProgress(base) > 0 ? <Progress value={done} size="sm" mt={6} aria-label="Progress" /> : null}
    </Paper>
  );
}

/** An organization's knowledge bases: the list with progress, a new one, and the chosen one's documents. */
export default function KnowledgeScreen({ account }: SectionProps) {
  const scope = { targetAccountId: account.id };
  const [chosen, setChosen] = useState<string | null>(null);
  const [title, setTitle] = useState('');
  const bases = useApiQuery(endpoints.listKnowledgeBases, scope, {
    refetchInterval: (query) => (query.state.data?.items.some((base) => inProgress(base) > 0) ? 1500 : false),
  });
  const create = useApiMutation(endpoints.createKnowledgeBase, {
    invalidates: [endpoints.listKnowledgeBases],
    onSuccess: (answer) => {
      setTitle('');
      setChosen(answer.knowledgeBase.id);
    },
  });
  const items = bases.data?.items ?? [];
  const selected = items.find((base) => base.id === chosen) ?? items[0] ?? null;

  return (
    <Stack gap="md" maw={1100}>
      <div>
        <Title order={1} fz="h3">
          Knowledge
        </Title>
        <Text c="dimmed" size="sm">
          Web pages and documents your agents answer from. Add a site&apos;s pages or single addresses; they
          are read in the background, and agents that attach a knowledge base cite its pages.
        </Text>
      </div>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          create.mutate({ body: { title }, ...scope });
        }}
      >
        <Group align="flex-end" gap="xs" wrap="nowrap">
          <TextInput
            label="New knowledge base"
            placeholder="Website, price list, policies…"
            value={title}
            onChange={(event) => setTitle(event.currentTarget.value)}
            style={{ flex: 1 }}
          />
          <Button type="submit" leftSection={<IconPlus size={16} />} loading={create.isPending}>
            Create
          </Button>
        </Group>
      </form>
      {bases.isPending ? <Loader aria-label="Loading knowledge bases" /> : null}
      {bases.error ? <Text c="red">{bases.error.message}</Text> : null}
      {bases.data && items.length === 0 ? (
        <Paper withBorder radius="md" p="lg">
          <Group gap="sm" wrap="nowrap">
            <IconBooks size={28} />
            <Text size="sm">
              No knowledge bases yet. Create one, then add your website&apos;s pages to it.
            </Text>
          </Group>
        </Paper>
      ) : null}
      {items.length > 0 ? (
        <Group align="flex-start" gap="md" wrap="wrap">
          <Stack gap="xs" w={{ base: '100%', sm: 260 }} aria-label="Knowledge bases">
            <Group gap={6}>
              <Text fw={600} size="sm">
                Knowledge bases
              </Text>
              <Badge variant="light" size="sm">
                {items.length}
              </Badge>
            </Group>
            {items.map((base) => (
              <BaseCard
                key={base.id}
                base={base}
                selected={base.id === selected?.id}
                onSelect={() => setChosen(base.id)}
              />
            ))}
          </Stack>
          {selected ? (
            <div style={{ flex: 1, minWidth: 0 }}>
              <KnowledgeBasePanel
                key={selected.id}
                base={selected}
                accountId={account.id}
                onDeleted={() => setChosen(null)}
              />
            </div>
          ) : null}
        </Group>
      ) : null}
    </Stack>
  );
}
