import { Anchor, Breadcrumbs, Skeleton, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { AppPathToken } from '../../lib/parse-app-path';
import { tierLabels } from './tiers';
import { useAccount } from './use-current-account';

type TierToken = Extract<AppPathToken, { kind: 'tier' }>;

const sameName = (a: string | undefined, b: string | undefined) =>
  b !== undefined && a?.trim().toLowerCase() === b.trim().toLowerCase();

function Crumb({
  token,
  parent,
  to,
  last,
}: {
  token: TierToken;
  parent: TierToken | undefined;
  to: string;
  last: boolean;
}) {
  const account = useAccount(token.id);
  const above = useAccount(parent?.id ?? null);
  const name = account.data?.account.displayName;
  // An account named like the one above it (an agent called after its business) reads as its tier, not twice.
  const repeated = parent !== undefined && sameName(name, above.data?.account.displayName);
  const label =
    name !== undefined && !repeated ? name : `${tierLabels[token.tier]}${name ? '' : ` ${token.id}`}`;
  if (account.isPending) return <Skeleton height={14} width={90} radius="sm" />;
  return last ? (
    <Text size="sm" fw={600} truncate maw={220}>
      {label}
    </Text>
  ) : (
    <Anchor component={Link} to={to} size="sm" c="dimmed" truncate maw={180}>
      {label}
    </Anchor>
  );
}

/** partner → reseller → organization → agent, each a link back to that tier. */
export function TierBreadcrumbs({ tiers }: { tiers: TierToken[] }) {
  return (
    <Breadcrumbs separatorMargin={6} visibleFrom="sm">
      {tiers.map((token, index) => (
        <Crumb
          key={token.token}
          token={token}
          parent={tiers[index - 1]}
          last={index === tiers.length - 1}
          to={`/app/${tiers
            .slice(0, index + 1)
            .map((tier) => `${tier.tier}/${tier.id}`)
            .join('/')}`}
        />
      ))}
    </Breadcrumbs>
  );
}
