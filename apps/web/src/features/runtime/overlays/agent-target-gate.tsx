import { Alert, Center, Loader, Stack, Text } from '@mantine/core';
import { IconRobotOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useAgentTarget } from '../use-agent-target';

export interface AgentRef {
  id: number;
  name: string;
  username: string;
}

/** Resolves the agent an overlay talks to, and explains plainly when there is none. */
export function AgentTargetGate({
  value,
  action,
  children,
}: {
  value: string | null;
  /** What the overlay would do, for the explanation: "test", "chat with", "call". */
  action: string;
  children: (agent: AgentRef) => ReactNode;
}) {
  const target = useAgentTarget(value);
  switch (target.status) {
    case 'loading':
      return (
        <Center py="xl">
          <Loader size="sm" />
        </Center>
      );
    case 'error':
      return (
        <Alert color="red" variant="light" title="This agent could not be opened">
          {target.message}
        </Alert>
      );
    case 'not-agent':
      return (
        <Stack align="center" gap="xs" py="xl" ta="center">
          <IconRobotOff size={32} stroke={1.5} aria-hidden />
          <Text fw={600}>{target.name ?? 'This account'} is not an agent account</Text>
          <Text size="sm" c="dimmed" maw={340}>
            Open one of your agent accounts to {action} its agent.
          </Text>
        </Stack>
      );
    case 'agent':
      return children({ id: target.id, name: target.name, username: target.username });
  }
}
