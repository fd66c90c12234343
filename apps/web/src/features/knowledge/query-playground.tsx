import { Badge, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { endpoints } from '@switchboard/contract';
import { useState } from 'react';
import { useApiMutation } from '../../lib/use-api';

/** Asks the knowledge base a question: the sentence that answers best, and the ranked passages with scores. */
export function QueryPlayground({ baseId, accountId }: { baseId: string; accountId: number }) {
  const [question, setQuestion] = useState('');
  const search = useApiMutation(endpoints.queryKnowledgeBase);
  const answer = search.data?.response;
  return (
    <Paper withBorder radius="md" p="sm">
      <Stack gap="sm">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            search.mutate({ params: { id: baseId }, body: { query: question }, targetAccountId: accountId });
          }}
        >
          <Group align="flex-end" gap="xs" wrap="nowrap">
            <TextInput
              label="Try a question"
              placeholder="When are you open on Saturday?"
              value={question}
              onChange={(event) => setQuestion(event.currentTarget.value)}
              style={{ flex: 1 }}
            />
            <Button type="submit" leftSection={<IconSearch size={16} />} loading={search.isPending}>
              Search
            </Button>
          </Group>
        </form>
        {answer ? (
          <Stack gap="xs" aria-label="Search results">
            <Text size="sm">
              <Text span fw={600}>
                Answer:{' '}
              </Text>
              {answer.answer ?? 'Nothing in this knowledge base matches.'}
            </Text>
            {answer.results.map((result, index) => (
              <Paper key={result.chunkId} withBorder radius="sm" p="xs">
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Text size="sm" fw={600} truncate>
                    {index + 1}. {result.title}
                    {result.section ? ` › ${result.section}` : ''}
                  </Text>
                  <Badge variant="light" style={{ flexShrink: 0 }}>
                    score {result.score.toFixed(4)}
                  </Badge>
                </Group>
                <Text size="xs" c="dimmed" truncate>
                  {result.url}
                </Text>
                <Text size="sm" lineClamp={3}>
                  {result.text}
                </Text>
              </Paper>
            ))}
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
}
