import {
  Alert,
  Avatar,
  Badge,
  Button,
  Box,
  Group,
  Loader,
  SegmentedControl,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { minCardUsd, payPagesEndpoints, webPages } from '@switchboard/contract';
import { IconCircleCheck, IconClockHour4, IconFlask, IconUserQuestion } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { CenteredPage } from '../../app/centered-page';
import { StatusPage } from '../../app/status-page';
import { useApiMutation, useApiQuery } from '../../lib/use-api';
import { formatUsd } from './money';
import { PayByCard } from './pay-by-card';
import { PayByLightning } from './pay-by-lightning';
import { PayerForm, type PayerDetails } from './payer-form';

/** The card payment's outcome after the checkout sends the payer back here (`?session_id=`). */
function CardPaymentStatus({ slug, sessionId }: { slug: string; sessionId: string }) {
  const status = useApiQuery(
    payPagesEndpoints.slugCheckoutStatus,
    { params: { slug, sessionId } },
    {
      retry: false,
      refetchInterval: (query) => (query.state.data?.payment.status === 'pending' ? 1500 : false),
    },
  );
  const payment = status.data?.payment;
  if (status.error) {
    return (
      <StatusPage
        icon={IconUserQuestion}
        color="red"
        title="Payment not found"
        description={status.error.message}
      />
    );
  }
  if (payment?.status === 'paid')
    return (
      <Paid slug={slug} amountUsd={payment.amountUsd} payee={payment.payee} receiptTo={payment.receiptTo} />
    );
  return (
    <StatusPage
      icon={IconClockHour4}
      title="Confirming your payment"
      description={
        <>
          <Loader size="xs" mr={6} />
          The card payment went through; this page updates as soon as the payment provider confirms it.
        </>
      }
    />
  );
}

function Paid({
  slug,
  amountUsd,
  payee,
  receiptTo,
}: {
  slug: string;
  amountUsd: string;
  payee: string;
  receiptTo: string | null;
}) {
  return (
    <StatusPage
      icon={IconCircleCheck}
      color="teal"
      title="Payment received"
      description={`Thank you. ${formatUsd(amountUsd)} was paid to ${payee}.${receiptTo ? ` A receipt is on its way to ${receiptTo}.` : ''}`}
      actions={
        <Button component={Link} to={webPages.publicProfile.replace(':username', slug)} variant="default">
          Back to {payee}
        </Button>
      }
    />
  );
}

/**
 * `/pay/:slug`: anyone, signed in or not, pays the account behind the slug by card or Lightning. The account gets
 * the amount less the platform fee, which the page says before anything is paid.
 */
export function PayAgentPage() {
  const { slug = '' } = useParams();
  const [search] = useSearchParams();
  const sessionId = search.get('session_id') ?? '';
  const found = useApiQuery(payPagesEndpoints.fetchPaymentSlug, { body: { slug } }, { retry: false });
  const countView = useApiMutation(payPagesEndpoints.recordPageView, { showsError: true });
  const [payer, setPayer] = useState<PayerDetails>({ amount: 10, email: '', name: '', note: '' });
  const [method, setMethod] = useState<'card' | 'lightning'>('card');
  const [amountError, setAmountError] = useState<string | null>(null);
  const [lightningPaid, setLightningPaid] = useState<string | null>(null);
  const { mutate } = countView;
  useEffect(() => {
    if (!sessionId) mutate({ body: { username: slug, page: 'pay', target: '' } });
  }, [mutate, slug, sessionId]);

  if (/^cs_[A-Za-z0-9_]+$/.test(sessionId)) return <CardPaymentStatus slug={slug} sessionId={sessionId} />;
  if (found.isPending) {
    return (
      <CenteredPage>
        <Loader />
      </CenteredPage>
    );
  }
  if (found.error) {
    return (
      <StatusPage
        icon={IconUserQuestion}
        color="red"
        title="No one to pay here"
        description={found.error.message}
      />
    );
  }
  const payee = found.data.payee;
  if (lightningPaid)
    return (
      <Paid
        slug={slug}
        amountUsd={lightningPaid}
        payee={payee.displayName}
        receiptTo={payer.email.trim() || null}
      />
    );
  const minUsd = method === 'card' ? minCardUsd : 0.01;
  const check = () => {
    const problem =
      !Number.isFinite(payer.amount) || payer.amount < minUsd
        ? `Enter at least ${formatUsd(String(minUsd))}`
        : payer.amount > 10_000
          ? 'At most $10,000 at once'
          : null;
    setAmountError(problem);
    return problem === null;
  };
  const sandbox = method === 'card' ? payee.cardSandbox : payee.lightningSandbox;
  return (
    <CenteredPage>
      <Box w="100%" maw={480}>
        <Stack gap="md">
          <Group wrap="nowrap">
            <Avatar src={payee.profileImage} size={56} radius="xl" color="brand">
              {payee.displayName.slice(0, 1).toUpperCase()}
            </Avatar>
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text size="sm" c="dimmed">
                Pay
              </Text>
              <Title order={1} fz="h3">
                {payee.displayName}
              </Title>
              <Text size="sm" c="dimmed">
                @{payee.username}
              </Text>
            </Stack>
          </Group>
          {payee.description && <Text size="sm">{payee.description}</Text>}
          {search.get('canceled') === '1' && (
            <Alert variant="light" color="gray">
              The card payment was canceled; nothing was charged.
            </Alert>
          )}
          <PayerForm
            value={payer}
            onChange={(next) => {
              if (next.amount !== payer.amount) setAmountError(null);
              setPayer(next);
            }}
            amountError={amountError}
            minUsd={minUsd}
          />
          <SegmentedControl
            fullWidth
            value={method}
            onChange={(value) => setMethod(value === 'lightning' ? 'lightning' : 'card')}
            data={[
              { value: 'card', label: 'Card' },
              { value: 'lightning', label: 'Lightning' },
            ]}
          />
          {sandbox && (
            <Badge variant="light" color="grape" leftSection={<IconFlask size={12} />}>
              Sandbox: no real money moves
            </Badge>
          )}
          {method === 'card' ? (
            <PayByCard slug={payee.username} payer={payer} check={check} sandbox={payee.cardSandbox} />
          ) : (
            <PayByLightning slug={payee.username} payer={payer} check={check} onPaid={setLightningPaid} />
          )}
          <Text size="xs" c="dimmed">
            {payee.displayName} receives the amount less a {payee.feePercent}% platform fee.
          </Text>
        </Stack>
      </Box>
    </CenteredPage>
  );
}
