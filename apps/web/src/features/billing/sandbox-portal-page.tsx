import { Alert, Badge, Button, Card, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { billingEndpoints } from '@switchboard/contract';
import { IconAlertTriangle, IconArrowLeft, IconFlask } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { CenteredPage } from '../../app/centered-page';
import { useApiMutation, useApiQuery } from '../../lib/use-api';
import { describeStatus, formatDate, formatPlanUsd } from './use-billing';

const invoiceColor = { paid: 'teal', open: 'yellow', failed: 'red' } as const;

/**
 * `/app/dev/billing-portal/:portalSessionId`: the sandbox's billing portal, in place of Stripe's. It lists the card
 * on file and the invoices, and runs the next renewal on request (paid, or failed through every retry) so the
 * unpaid state can be seen offline.
 */
export function SandboxPortalPage() {
  const { portalSessionId = '' } = useParams();
  const input = { params: { portalSessionId } };
  const portal = useApiQuery(billingEndpoints.sandboxBillingPortal, input, { retry: false });
  const renew = useApiMutation(billingEndpoints.sandboxRenewal, {
    invalidates: [billingEndpoints.sandboxBillingPortal],
  });
  return (
    <CenteredPage>
      <Stack gap="md" w="100%" maw={560}>
        <Alert variant="light" color="grape" icon={<IconFlask size={18} />} title="Sandbox billing portal">
          Stands in for Stripe’s customer portal on this offline server. No real card is charged.
        </Alert>
        {portal.isPending ? (
          <Loader size="sm" />
        ) : portal.error ? (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
            {portal.error.message}
          </Alert>
        ) : (
          <>
            <Card withBorder padding="lg">
              <Stack gap="xs">
                <Group justify="space-between">
                  <Title order={2} fz="h4">
                    {portal.data.portal.organizationName}
                  </Title>
                  <Badge variant="light" color={describeStatus(portal.data.portal.billing).color}>
                    {describeStatus(portal.data.portal.billing).label}
                  </Badge>
                </Group>
                <Text size="sm">
                  {portal.data.portal.planName ?? 'No plan'}
                  {portal.data.portal.billing.currentPeriodEnd &&
                    ` · current period ends ${formatDate(portal.data.portal.billing.currentPeriodEnd)}`}
                </Text>
                <Text size="sm" c="dimmed">
                  Payment method:{' '}
                  {portal.data.portal.paymentMethod
                    ? `${portal.data.portal.paymentMethod.brand} ending ${portal.data.portal.paymentMethod.last4}`
                    : 'none on file'}
                </Text>
              </Stack>
            </Card>
            <Card withBorder padding="lg">
              <Title order={3} fz="h5" mb="xs">
                Invoices
              </Title>
              {portal.data.portal.invoices.length === 0 ? (
                <Text size="sm">No invoices yet.</Text>
              ) : (
                <Table fz="sm" verticalSpacing={4}>
                  <Table.Tbody>
                    {portal.data.portal.invoices.map((invoice) => (
                      <Table.Tr key={invoice.id}>
                        <Table.Td>{formatDate(invoice.periodStart ?? invoice.createdAt)}</Table.Td>
                        <Table.Td>{formatPlanUsd(invoice.amountUsd)}</Table.Td>
                        <Table.Td>
                          <Badge size="sm" variant="light" color={invoiceColor[invoice.status]}>
                            {invoice.status}
                          </Badge>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              )}
            </Card>
            {portal.data.portal.billing.subscribed && (
              <Card withBorder padding="lg">
                <Stack gap="xs">
                  <Text size="sm">Run the next renewal now:</Text>
                  {renew.error && (
                    <Text size="sm" c="red" role="alert">
                      {renew.error.message}
                    </Text>
                  )}
                  <Group>
                    <Button
                      size="xs"
                      loading={renew.isPending && renew.variables.body.outcome === 'paid'}
                      onClick={() => renew.mutate({ ...input, body: { outcome: 'paid' } })}
                    >
                      {portal.data.portal.billing.unpaid ? 'Pay the open invoice' : 'Renew, paid'}
                    </Button>
                    <Button
                      size="xs"
                      variant="default"
                      loading={renew.isPending && renew.variables.body.outcome === 'failed'}
                      onClick={() => renew.mutate({ ...input, body: { outcome: 'failed' } })}
                    >
                      Renew, card fails every retry
                    </Button>
                  </Group>
                </Stack>
              </Card>
            )}
            <Group>
              <Button
                component="a"
                href={portal.data.portal.returnUrl}
                variant="default"
                leftSection={<IconArrowLeft size={16} />}
              >
                Return to the app
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </CenteredPage>
  );
}
