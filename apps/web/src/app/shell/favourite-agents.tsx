import { Divider, NavLink, Text } from '@mantine/core';
import { IconRobot } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useAccountList } from './use-account-list';

/** Spec §9: the first five agent accounts of an organization stay one click away. */
const favourites = 5;

export function FavouriteAgents({
  organizationId,
  basePath,
  onNavigate,
}: {
  organizationId: number;
  basePath: string;
  onNavigate: () => void;
}) {
  const list = useAccountList(organizationId, 'agent');
  const agents = list.accounts.slice(0, favourites);
  if (agents.length === 0) return null;
  return (
    <>
      <Divider my="sm" />
      <Text size="xs" c="dimmed" fw={600} tt="uppercase" px="sm" pb={4}>
        Agent accounts
      </Text>
      {agents.map((agent) => (
        <NavLink
          key={agent.id}
          component={Link}
          to={`${basePath}/agent/${agent.id}`}
          label={agent.displayName}
          leftSection={<IconRobot size={16} stroke={1.7} />}
          onClick={onNavigate}
        />
      ))}
    </>
  );
}
