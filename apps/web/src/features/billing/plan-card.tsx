import { Badge, Button, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import type { ProductPlanView } from '@switchboard/contract';
import { IconCheck } from '@tabler/icons-react';
import { planPrice } from './use-billing';

/** One plan as a person compares it: name, price for the term, what it includes, and the way to take it. */
export function PlanCard({
  plan,
  term,
  current,
  loading,
  onSubscribe,
  onDetails,
}: {
  plan: ProductPlanView;
  term: 'month' | 'year';
  current: boolean;
  loading: boolean;
  onSubscribe: () => void;
  onDetails: () => void;
}) {
  return (
    <Card withBorder padding="lg" data-testid={`plan-${plan.id}`}>
      <Stack gap="sm" h="100%">
        {/* The badge has a line of its own, so a long plan name never squeezes it. */}
        {plan.visibility === 'private' && (
          <Badge variant="light" color="grape" style={{ alignSelf: 'flex-start', flexShrink: 0 }}>
            Offered to you
          </Badge>
        )}
        <Title order={3} fz="h4">
          {plan.name}
        </Title>
        <Text fw={600} fz="lg">
          {planPrice(plan, term)}
        </Text>
        <Text size="sm" c="dimmed">
          {plan.description}
        </Text>
        <List size="sm" spacing={2} icon={<IconCheck size={14} />} style={{ flex: 1 }}>
          {plan.features.map((feature) => (
            <List.Item key={feature}>{feature}</List.Item>
          ))}
        </List>
        <Group gap="xs" grow>
          <Button variant="default" onClick={onDetails}>
            Details
          </Button>
          <Button
            disabled={current}
            loading={loading}
            onClick={onSubscribe}
            aria-label={`Subscribe to ${plan.name}`}
          >
            {current ? 'Current plan' : 'Subscribe'}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
