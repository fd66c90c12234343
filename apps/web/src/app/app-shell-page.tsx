import { AppShell, Badge, Card, Container, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { parseAppPath, type AccountTier, type AppPathToken } from '../lib/parse-app-path';
import { BrandMark } from './brand-mark';
import classes from './app-shell-page.module.css';
import { ColorSchemeToggle } from './color-scheme-toggle';

const tierNames: Record<AccountTier, string> = {
  partner: 'Partner',
  reseller: 'Reseller',
  org: 'Organization',
  agent: 'Agent account',
};

function describeToken(token: AppPathToken): string {
  return token.kind === 'tier' ? `${tierNames[token.tier]} #${token.id}` : 'Screen or section';
}

/** The signed-in app's catch-all (`/app/*`); for now it shows how the path is read. */
export function AppShellPage() {
  const tokens = parseAppPath(useParams()['*'] ?? '');

  return (
    <AppShell header={{ height: 60 }} padding="lg">
      <AppShell.Header px="lg">
        <Group h="100%" justify="space-between">
          <BrandMark />
          <ColorSchemeToggle />
        </Group>
      </AppShell.Header>
      <AppShell.Main className={classes.main}>
        <Container size="md" py="lg">
          <Stack gap="lg">
            <Stack gap={4}>
              <Text size="xs" fw={600} tt="uppercase" c="dimmed" style={{ letterSpacing: '0.06em' }}>
                Signed-in app
              </Text>
              <Title order={1} fz="h2">
                {tokens.at(-1)?.token ?? 'Home'}
              </Title>
              <Text c="dimmed" size="sm">
                The screen for this path will render here. Below is how the app reads the path.
              </Text>
            </Stack>
            <Card padding={0} shadow="xs">
              <Group px="lg" py="md" justify="space-between">
                <Text fw={600}>Path segments</Text>
                <Badge variant="light" radius="sm">
                  {tokens.length} {tokens.length === 1 ? 'token' : 'tokens'}
                </Badge>
              </Group>
              {tokens.length === 0 ? (
                <Text px="lg" pb="lg" c="dimmed" size="sm">
                  No segments after /app.
                </Text>
              ) : (
                <Table verticalSpacing="sm" horizontalSpacing="lg">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Token</Table.Th>
                      <Table.Th>Meaning</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {tokens.map((token, index) => (
                      <Table.Tr key={`${index}-${token.token}`}>
                        <Table.Td>
                          <Badge variant={token.kind === 'tier' ? 'light' : 'default'} radius="sm" tt="none">
                            {token.token}
                          </Badge>
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm">{describeToken(token)}</Text>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              )}
            </Card>
          </Stack>
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}
