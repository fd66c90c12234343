import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Container,
  Group,
  Paper,
  ScrollArea,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { endpoints, webPages } from '@switchboard/contract';
import { normalizePhoneNumber } from '@switchboard/core';
import { IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useApiMutation, useApiQuery } from '../../lib/use-api';

interface Line {
  key: string;
  side: 'me' | 'agent';
  text: string;
  at: string;
}

/**
 * `/app/dev/sms`: anyone can text an agent (by its number or username) as a contact through the sandbox SMS
 * network and read what comes back; the replies are the texts the sandbox provider delivered to that number.
 */
export function SandboxSmsPage() {
  const [search] = useSearchParams();
  const [to, setTo] = useState(search.get('to') ?? 'agent1');
  const [from, setFrom] = useState(search.get('from') ?? '+15550199001');
  const [text, setText] = useState('');
  const [sent, setSent] = useState<Line[]>([]);
  const fromNumber = normalizePhoneNumber(from);
  const agent = useApiQuery(
    endpoints.messagePreview,
    { params: { username: to.trim() || '-' } },
    { retry: false, enabled: to.trim() !== '' && !to.trim().startsWith('+') },
  );
  const replies = useApiQuery(
    endpoints.listOutbox,
    { query: { to: fromNumber ?? '-', limit: 100 } },
    { enabled: fromNumber !== null, refetchInterval: 1000, retry: false },
  );
  const send = useApiMutation(endpoints.sandboxInboundSms, { showsError: true });
  const agentNumber =
    agent.data?.preview.phoneNumber ?? (to.trim().startsWith('+') ? normalizePhoneNumber(to) : null);

  const received: Line[] = (replies.data?.items ?? [])
    .filter(
      (item) =>
        item.channel === 'sms' && (agentNumber === null || item.from === null || item.from === agentNumber),
    )
    .map((item) => ({ key: `r${item.id}`, side: 'agent', text: item.text, at: item.createdAt }));
  const lines = [...sent, ...received].sort((a, b) => a.at.localeCompare(b.at));

  const submit = () => {
    const message = text.trim();
    if (message === '' || fromNumber === null) return;
    send.mutate(
      { body: { to: to.trim(), from: fromNumber, text: message } },
      {
        onSuccess: () => {
          setSent((current) => [
            ...current,
            { key: `s${current.length}`, side: 'me', text: message, at: new Date().toISOString() },
          ]);
          setText('');
        },
      },
    );
  };

  return (
    <Container size="sm" py="xl">
      <Stack gap="md">
        <Stack gap={2}>
          <Group gap="xs">
            <Title order={1} fz="h2">
              Text an agent
            </Title>
            <Badge variant="light" color="orange">
              Sandbox
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            Send a text as a contact through the sandbox SMS network. Nothing leaves this machine; the
            agent&apos;s replies show up below as they arrive. To call an agent, use the{' '}
            <Anchor component={Link} to={webPages.sandboxPhone} size="sm">
              sandbox phone
            </Anchor>
            .
          </Text>
        </Stack>
        <Group grow align="flex-start">
          <TextInput
            label="Agent (number or username)"
            value={to}
            onChange={(event) => setTo(event.currentTarget.value)}
            description={
              agent.data ? `${agent.data.preview.displayName}${agentNumber ? ` · ${agentNumber}` : ''}` : ' '
            }
            error={agent.isError ? 'No agent with this username' : undefined}
          />
          <TextInput
            label="Your phone number"
            value={from}
            onChange={(event) => setFrom(event.currentTarget.value)}
            description=" "
            error={fromNumber === null ? 'Enter a phone number' : undefined}
          />
        </Group>
        <Card withBorder radius="md" p={0}>
          <ScrollArea h={360} p="md" aria-label="Conversation">
            <Stack gap="xs">
              {lines.length === 0 && (
                <Text size="sm" c="dimmed" ta="center" mt="xl">
                  No messages yet. Say hello.
                </Text>
              )}
              {lines.map((line) => (
                <Paper
                  key={line.key}
                  px="sm"
                  py={6}
                  radius="lg"
                  maw="80%"
                  bg={line.side === 'me' ? 'brand.6' : 'gray.1'}
                  c={line.side === 'me' ? 'white' : 'dark'}
                  style={{
                    alignSelf: line.side === 'me' ? 'flex-end' : 'flex-start',
                    whiteSpace: 'pre-wrap',
                  }}
                  data-side={line.side}
                >
                  <Text size="sm">{line.text}</Text>
                </Paper>
              ))}
            </Stack>
          </ScrollArea>
          <Group
            gap="xs"
            p="sm"
            wrap="nowrap"
            style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
          >
            <TextInput
              style={{ flex: 1 }}
              placeholder="Type a text message"
              value={text}
              onChange={(event) => setText(event.currentTarget.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') submit();
              }}
              aria-label="Message"
            />
            <Button
              leftSection={<IconSend size={16} />}
              onClick={submit}
              loading={send.isPending}
              disabled={fromNumber === null}
            >
              Send
            </Button>
          </Group>
        </Card>
        {send.isError && <Alert color="red">{send.error.message}</Alert>}
      </Stack>
    </Container>
  );
}
