import {
  Alert,
  Badge,
  Button,
  Divider,
  Loader,
  NumberInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { payoutsEndpoints, type PayoutChannel } from '@switchboard/contract';
import { IconAlertTriangle, IconArrowsExchange, IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useApiMutation } from '../../lib/use-api';
import { PayoutList } from './payout-list';
import { StripeConnectState } from './stripe-connect-state';
import { payoutQueries, usePayoutTarget, usePayouts } from './use-payouts';

const destinations = {
  paypal: { label: 'PayPal email', placeholder: 'you@example.com' },
  venmo: { label: 'Venmo handle or US mobile number', placeholder: '@your-name' },
  lightning: { label: 'Lightning address or LNURL', placeholder: 'you@wallet.example' },
} as const;

const formatDate = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });

function Figure({ label, value, hint }: { label: string; value: string; hint?: string | undefined }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600}>{value}</Text>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Stack>
  );
}

/** withdraw: choose a channel, see what is withdrawable, held and charged, then send; failures say why. */
export function WithdrawOverlay() {
  const target = usePayoutTarget();
  const overview = usePayouts();
  const [channel, setChannel] = useState<PayoutChannel>('paypal');
  const [address, setAddress] = useState('');
  const [amount, setAmount] = useState<string | number>('');
  const [sent, setSent] = useState<string | null>(null);
  const options = {
    invalidates: payoutQueries,
    showsError: true,
    onSuccess: (answer: { payout: { status: string; amountUsd: string; destination: string } }) =>
      setSent(
        answer.payout.status === 'paid'
          ? `$${answer.payout.amountUsd} sent to ${answer.payout.destination}.`
          : `$${answer.payout.amountUsd} to ${answer.payout.destination} is on its way; it shows as pending until the provider confirms.`,
      ),
  };
  // A refused payout is listed as failed too: read the list again either way.
  const refresh = () => void overview.refetch();
  const paypal = useApiMutation(payoutsEndpoints.payoutPaypal, { ...options, onError: refresh });
  const venmo = useApiMutation(payoutsEndpoints.payoutVenmo, { ...options, onError: refresh });
  const lightning = useApiMutation(payoutsEndpoints.requestWithdrawal, { ...options, onError: refresh });
  const stripe = useApiMutation(payoutsEndpoints.transferFunds, { ...options, onError: refresh });
  const mutation = { paypal, venmo, lightning, stripe }[channel];

  if (overview.isPending) return <Loader size="sm" />;
  if (overview.error) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
        {overview.error.message}
      </Alert>
    );
  }
  const view = overview.data;
  const sandbox =
    channel === 'lightning'
      ? view.channels.lightning.sandbox
      : channel === 'stripe'
        ? view.channels.stripe.sandbox
        : view.channels.paypal.sandbox;
  const amountUsd = Number(amount);
  const hasAmount = amount !== '' && Number.isFinite(amountUsd) && amountUsd > 0;
  const submit = () => {
    setSent(null);
    const body = { amountUsd };
    if (channel === 'paypal') paypal.mutate({ ...target, body: { ...body, address } });
    else if (channel === 'venmo') venmo.mutate({ ...target, body: { ...body, address } });
    else if (channel === 'lightning')
      lightning.mutate({ ...target, body: { address, type: 'ln', ...(hasAmount ? body : {}) } });
    else stripe.mutate({ ...target, body });
  };
  const heldHint =
    view.holdDays === 0
      ? 'No hold on card payments'
      : view.heldUntil && view.heldUsd !== '0.00'
        ? `Card payments wait ${view.holdDays} days; the next release is ${formatDate(view.heldUntil)}`
        : `Card payments wait ${view.holdDays} days`;

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, xs: 4 }} spacing="sm">
        <Figure label="Available" value={`$${view.availableUsd}`} />
        <Figure label="Withdrawable now" value={`$${view.withdrawableUsd}`} />
        <Figure label="On hold" value={`$${view.heldUsd}`} hint={heldHint} />
        <Figure label="Fee" value="None" hint="Network fees are on us" />
      </SimpleGrid>
      <SegmentedControl
        fullWidth
        value={channel}
        onChange={(value) => {
          setChannel(value);
          setSent(null);
        }}
        data={[
          { value: 'paypal', label: 'PayPal' },
          { value: 'venmo', label: 'Venmo' },
          { value: 'lightning', label: 'Lightning' },
          { value: 'stripe', label: 'Stripe' },
        ]}
        aria-label="Withdraw to"
      />
      {sandbox && (
        <Badge variant="light" color="grape" w="fit-content">
          Sandbox: no real money moves
        </Badge>
      )}
      {channel === 'stripe' ? (
        <StripeConnectState />
      ) : (
        <TextInput
          label={destinations[channel].label}
          placeholder={destinations[channel].placeholder}
          value={address}
          onChange={(event) => setAddress(event.currentTarget.value)}
          required
        />
      )}
      <NumberInput
        label={channel === 'lightning' ? 'Amount (USD, empty for everything withdrawable)' : 'Amount (USD)'}
        value={amount}
        onChange={setAmount}
        min={0.01}
        max={10_000}
        decimalScale={2}
        prefix="$"
        thousandSeparator=","
      />
      {hasAmount && (
        <Text size="sm">
          You will receive <b>${amountUsd.toFixed(2)}</b>
          {channel === 'stripe' ? ' in your connected account' : address ? ` at ${address}` : ''}. Fee: none.
        </Text>
      )}
      {mutation.error && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
          {mutation.error.message}
        </Alert>
      )}
      {sent && (
        <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} />}>
          {sent}
        </Alert>
      )}
      <Button
        leftSection={<IconArrowsExchange size={16} />}
        loading={mutation.isPending}
        disabled={(channel !== 'stripe' && !address.trim()) || (channel !== 'lightning' && !hasAmount)}
        onClick={submit}
      >
        Withdraw
      </Button>
      <Divider label="Recent withdrawals" labelPosition="left" />
      <PayoutList payouts={view.payouts} />
    </Stack>
  );
}
