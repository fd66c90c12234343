import {
  Alert,
  Button,
  Card,
  Group,
  NavLink,
  Paper,
  ScrollArea,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { endpoints } from '@switchboard/contract';
import { formatPhoneForDisplay, normalizePhoneNumber } from '@switchboard/core';
import { IconMessage, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { useApiMutation, useApiQuery } from '../../lib/use-api';
import classes from './softphone.module.css';

interface Props {
  /** The number the dialer holds, offered as the conversation to open. */
  initialTo: string;
}

/**
 * The softphone's messages: texts from the person's softphone number to any number (an agent's number reaches
 * the agent through the carrier's messaging path) and the texts sent to it, by conversation, read every second.
 */
export function SoftphoneMessages({ initialTo }: Props) {
  const [to, setTo] = useState(initialTo);
  const [text, setText] = useState('');
  const texts = useApiQuery(endpoints.softphoneTexts, {}, { retry: false, refetchInterval: 1000 });
  const send = useApiMutation(endpoints.sendSoftphoneText, { showsError: true });
  const items = texts.data?.items ?? [];
  const counterpartOf = (item: (typeof items)[number]) =>
    (item.direction === 'sent' ? item.to : item.from) ?? '';
  const conversations = [...new Set(items.map(counterpartOf))].filter((number) => number !== '');
  const current = normalizePhoneNumber(to) ?? to.trim();
  const thread = items.filter((item) => counterpartOf(item) === current).reverse();

  const submit = () => {
    const message = text.trim();
    if (message === '' || to.trim() === '') return;
    send.mutate(
      { body: { to: to.trim(), text: message } },
      {
        onSuccess: () => {
          setText('');
          void texts.refetch();
        },
      },
    );
  };

  return (
    <Stack gap="sm">
      {texts.isError && <Alert color="red">{texts.error.message}</Alert>}
      <div className={classes.messages}>
        <Card withBorder radius="md" p="xs" className={classes.conversations}>
          <Text size="xs" c="dimmed" px="xs" pb={4}>
            Conversations
          </Text>
          {conversations.length === 0 && (
            <Text size="sm" c="dimmed" px="xs">
              None yet.
            </Text>
          )}
          {conversations.map((number) => (
            <NavLink
              key={number}
              label={formatPhoneForDisplay(number)}
              leftSection={<IconMessage size={16} />}
              active={number === current}
              onClick={() => setTo(number)}
            />
          ))}
        </Card>
        <Card withBorder radius="md" p={0} className={classes.thread}>
          <TextInput
            p="sm"
            label="To"
            placeholder="+1 (303) 555-0100"
            value={to}
            onChange={(event) => setTo(event.currentTarget.value)}
            inputMode="tel"
          />
          <ScrollArea h={320} px="md" aria-label="Messages">
            <Stack gap="xs" py="xs">
              {thread.length === 0 && (
                <Text size="sm" c="dimmed" ta="center" mt="xl">
                  {to.trim() === '' ? 'Choose a conversation or enter a number.' : 'No texts yet. Say hello.'}
                </Text>
              )}
              {thread.map((item) => (
                <Paper
                  key={item.id}
                  px="sm"
                  py={6}
                  radius="lg"
                  maw="80%"
                  bg={item.direction === 'sent' ? 'brand.6' : 'gray.1'}
                  c={item.direction === 'sent' ? 'white' : 'dark'}
                  className={classes.bubble}
                  data-direction={item.direction}
                >
                  <Text size="sm">{item.text}</Text>
                </Paper>
              ))}
            </Stack>
          </ScrollArea>
          <Group gap="xs" p="sm" wrap="nowrap" className={classes.composer}>
            <TextInput
              style={{ flex: 1 }}
              placeholder="Type a text message"
              value={text}
              onChange={(event) => setText(event.currentTarget.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') submit();
              }}
              aria-label="Text message"
            />
            <Button
              leftSection={<IconSend size={16} />}
              onClick={submit}
              loading={send.isPending}
              disabled={to.trim() === '' || text.trim() === ''}
            >
              Send
            </Button>
          </Group>
        </Card>
      </div>
      {send.isError && <Alert color="red">{send.error.message}</Alert>}
    </Stack>
  );
}
