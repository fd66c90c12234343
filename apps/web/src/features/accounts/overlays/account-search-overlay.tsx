import { Alert, Loader, NavLink, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { endpoints } from '@switchboard/contract';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { tierLabels, tierOfType } from '../../../app/shell/tiers';
import { callApi } from '../../../lib/api-client';

/** Finds any account you can reach by name, username, email or phone (typing settles for 500 ms first). */
export function AccountSearchOverlay({ close }: { close: () => void }) {
  const navigate = useNavigate();
  const [phrase, setPhrase] = useState('');
  const [settled] = useDebouncedValue(phrase.trim(), 500);
  const results = useQuery({
    queryKey: ['account-search', settled],
    enabled: settled.length > 0,
    queryFn: ({ signal }) => callApi(endpoints.searchAccountEnhanced, { body: { phrase: settled }, signal }),
  });
  return (
    <Stack gap="sm">
      <TextInput
        autoFocus
        placeholder="Search accounts"
        aria-label="Search accounts"
        leftSection={<IconSearch size={16} />}
        rightSection={results.isFetching ? <Loader size="xs" /> : null}
        value={phrase}
        onChange={(event) => setPhrase(event.currentTarget.value)}
      />
      {results.error && (
        <Alert color="red" variant="light" role="alert" title="Search failed">
          {results.error.message}
        </Alert>
      )}
      {results.data?.accounts.length === 0 && (
        <Text size="sm" c="dimmed" ta="center" py="md">
          No account matches “{settled}”.
        </Text>
      )}
      {results.data?.accounts.map((account) => (
        <NavLink
          key={account.id}
          label={account.displayName}
          description={`${tierLabels[tierOfType[account.type]]} · @${account.username}`}
          onClick={() => {
            close();
            void navigate(`/app/${tierOfType[account.type]}/${account.id}`);
          }}
        />
      ))}
    </Stack>
  );
}
