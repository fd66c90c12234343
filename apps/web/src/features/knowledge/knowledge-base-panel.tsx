import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconRefresh, IconTrash } from '@tabler/icons-react';
import {
  endpoints,
  type KnowledgeBaseView,
  type KnowledgeDocumentStateName,
  type KnowledgeDocumentView,
} from '@switchboard/contract';
import { useState } from 'react';
import { confirmAction } from '../../app/confirm-action';
import { useApiMutation, useApiQuery } from '../../lib/use-api';
import { QueryPlayground } from './query-playground';
import { SitemapPicker } from './sitemap-picker';

const stateColors: Record<KnowledgeDocumentStateName, string> = {
  queued: 'gray',
  fetching: 'blue',
  ready: 'green',
  failed: 'red',
};

function DocumentRow({ document, accountId }: { document: KnowledgeDocumentView; accountId: number }) {
  const params = { id: document.knowledgeBaseId, docId: document.id };
  const invalidates = [endpoints.getKnowledgeBase, endpoints.listKnowledgeBases];
  const refresh = useApiMutation(endpoints.refreshKnowledgeDocument, { invalidates });
  const remove = useApiMutation(endpoints.deleteKnowledgeDocument, { invalidates });
  const busy = document.state === 'queued' || document.state === 'fetching';
  return (
    <Table.Tr>
      <Table.Td style={{ maxWidth: 0, width: '100%' }}>
        <Text size="sm" fw={500} truncate>
          {document.title}
        </Text>
        <Text size="xs" c="dimmed" truncate>
          {document.url}
        </Text>
        {document.failureReason ? (
          <Text size="xs" c="red">
            {document.failureReason}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <Badge color={stateColors[document.state]} variant="light" style={{ overflow: 'visible' }}>
          {document.state}
        </Badge>
        {document.state === 'ready' ? (
          <Text size="xs" c="dimmed">
            {document.chunks} {document.chunks === 1 ? 'passage' : 'passages'}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <Group gap={4} wrap="nowrap" justify="flex-end">
          <Tooltip label="Fetch again">
            <ActionIcon
              variant="subtle"
              aria-label={`Refresh ${document.title}`}
              disabled={busy}
              loading={refresh.isPending}
              onClick={() => refresh.mutate({ params, targetAccountId: accountId })}
            >
              <IconRefresh size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Remove">
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Remove ${document.title}`}
              loading={remove.isPending}
              onClick={() => remove.mutate({ params, targetAccountId: accountId })}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/** One knowledge base: add pages (addresses or a sitemap), its documents with their state, and a search box. */
export function KnowledgeBasePanel({
  base,
  accountId,
  onDeleted,
}: {
  base: KnowledgeBaseView;
  accountId: number;
  onDeleted: () => void;
}) {
  const scope = { targetAccountId: accountId };
  const [urls, setUrls] = useState('');
  const busy = base.documents.queued + base.documents.fetching > 0;
  // Read again while the base's counts or its own list show a page in progress: the counts come from another
  // query, and the list must not stop on a reading taken before its last pages were ready.
  const detail = useApiQuery(
    endpoints.getKnowledgeBase,
    { params: { id: base.id }, ...scope },
    {
      refetchInterval: (query) =>
        busy ||
        (query.state.data?.documents ?? []).some(
          (document) => document.state === 'queued' || document.state === 'fetching',
        )
          ? 1500
          : false,
    },
  );
  const add = useApiMutation(endpoints.addKnowledgeDocuments, {
    invalidates: [endpoints.getKnowledgeBase, endpoints.listKnowledgeBases],
    onSuccess: () => setUrls(''),
  });
  const removeBase = useApiMutation(endpoints.deleteKnowledgeBase, {
    invalidates: [endpoints.listKnowledgeBases],
    onSuccess: onDeleted,
  });
  const documents = detail.data?.documents ?? [];
  const lines = urls
    .split(/\s+/)
    .map((line) => line.trim())
    .filter(Boolean);

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="nowrap">
        <Title order={3} fz="lg">
          {base.title}
        </Title>
        <Button
          variant="subtle"
          color="red"
          size="xs"
          leftSection={<IconTrash size={14} />}
          loading={removeBase.isPending}
          onClick={() => {
            void confirmAction({
              title: `Delete ${base.title}?`,
              message: 'Its pages and passages are removed; agents that use it stop searching it.',
              confirmLabel: 'Delete',
              danger: true,
            }).then((yes) => {
              if (yes) removeBase.mutate({ params: { id: base.id }, ...scope });
            });
          }}
        >
          Delete
        </Button>
      </Group>
      <Paper withBorder radius="md" p="sm">
        <Stack gap="sm">
          <SitemapPicker baseId={base.id} accountId={accountId} />
          <form
            onSubmit={(event) => {
              event.preventDefault();
              add.mutate({ params: { id: base.id }, body: { urls: lines }, ...scope });
            }}
          >
            <Stack gap="xs">
              <Textarea
                label="Or add addresses"
                description="Web pages, PDFs, Markdown or text files; one address per line."
                placeholder="https://example.com/prices"
                autosize
                minRows={2}
                value={urls}
                onChange={(event) => setUrls(event.currentTarget.value)}
              />
              <Group justify="flex-end">
                <Button type="submit" variant="light" disabled={lines.length === 0} loading={add.isPending}>
                  Add {lines.length > 0 ? lines.length : ''} {lines.length === 1 ? 'address' : 'addresses'}
                </Button>
              </Group>
            </Stack>
          </form>
        </Stack>
      </Paper>
      <Stack gap={4}>
        <Text fw={600} size="sm">
          Documents ({base.documents.ready} ready
          {base.documents.failed > 0 ? `, ${base.documents.failed} failed` : ''}
          {busy ? `, ${base.documents.queued + base.documents.fetching} in progress` : ''})
        </Text>
        {documents.length === 0 ? (
          <Text size="sm" c="dimmed">
            No documents yet.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={300}>
            <Table verticalSpacing={6} aria-label="Documents">
              <Table.Tbody>
                {documents.map((document) => (
                  <DocumentRow key={document.id} document={document} accountId={accountId} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      <QueryPlayground baseId={base.id} accountId={accountId} />
    </Stack>
  );
}
