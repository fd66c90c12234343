import { Alert, Badge, Button, List, Loader, Stack } from '@mantine/core';
import { payoutsEndpoints } from '@switchboard/contract';
import {
  IconAlertTriangle,
  IconBuildingBank,
  IconClipboardList,
  IconPlugConnectedX,
} from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { CenteredPage } from '../../app/centered-page';
import { BackToAppButton, StatusPage } from '../../app/status-page';
import { useApiMutation, useApiQuery } from '../../lib/use-api';
import { connectReturnUrls, describeRequirement } from './connect-urls';

/**
 * Where Stripe Connect onboarding comes back to (`arrived` says which door): the connected account as Stripe
 * reports it now, what that means, and the next step: withdraw, finish onboarding, or connect again.
 */
export function ConnectResultPage({ arrived }: { arrived: 'success' | 'failure' }) {
  const [search] = useSearchParams();
  const account = Number(search.get('account'));
  const target = Number.isInteger(account) && account > 0 ? { targetAccountId: account } : {};
  const state = useApiQuery(payoutsEndpoints.checkConnectedAccount, target, { retry: false });
  const connect = useApiMutation(payoutsEndpoints.connectStripeAccount, {
    showsError: true,
    onSuccess: (answer) => window.location.assign(answer.url),
  });
  const restart = (label: string) => (
    <Button
      leftSection={<IconBuildingBank size={16} />}
      loading={connect.isPending}
      onClick={() => connect.mutate({ ...target, body: connectReturnUrls(target.targetAccountId) })}
    >
      {label}
    </Button>
  );

  if (state.isPending) {
    return (
      <CenteredPage>
        <Loader size="sm" aria-label="Checking the payout account" />
      </CenteredPage>
    );
  }
  if (state.error) {
    const signedOut = state.error.status === 401;
    return (
      <StatusPage
        icon={IconAlertTriangle}
        color="red"
        title={signedOut ? 'Sign in to see your payout account' : 'The payout account could not be checked'}
        description={
          signedOut
            ? 'Onboarding came back here, but this browser is not signed in. Sign in and open Withdraw to see where it stands.'
            : `${state.error.message}. Open Withdraw in the app to check again.`
        }
        actions={<BackToAppButton />}
      />
    );
  }
  const data = state.data;
  const sandbox = data.sandbox && (
    <Badge variant="light" color="grape">
      Sandbox: no real Stripe account
    </Badge>
  );
  const failure = connect.error && (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert" maw={380}>
      {connect.error.message}
    </Alert>
  );

  if (data.ok) {
    return (
      <StatusPage
        icon={IconBuildingBank}
        color="teal"
        title={
          arrived === 'success' ? 'Payout account connected' : 'Your payout account is already connected'
        }
        description={
          <Stack gap="xs" align="center" component="span">
            <span>
              Stripe can pay out to it now: withdrawals you send to Stripe reach your bank from there.
            </span>
            {sandbox}
          </Stack>
        }
        actions={
          <>
            <Button component={Link} to="/app/home?withdraw">
              Withdraw now
            </Button>
            <BackToAppButton variant="default" />
          </>
        }
      />
    );
  }
  if (data.connected) {
    return (
      <StatusPage
        icon={IconClipboardList}
        color="yellow"
        title={arrived === 'success' ? 'Stripe needs a little more' : 'Onboarding is not finished'}
        description={
          <Stack gap="xs" align="center" component="span">
            <span>
              {arrived === 'success'
                ? 'Your account is connected, but Stripe cannot pay out to it until you finish these:'
                : 'You left Stripe before finishing, or the link expired. Nothing was lost; Stripe still needs:'}
            </span>
            {data.currentlyDue.length > 0 && (
              <List size="sm" ta="left">
                {data.currentlyDue.map((key) => (
                  <List.Item key={key}>{describeRequirement(key)}</List.Item>
                ))}
              </List>
            )}
            {sandbox}
            {failure}
          </Stack>
        }
        actions={
          <>
            {restart('Finish onboarding with Stripe')}
            <BackToAppButton variant="default" />
          </>
        }
      />
    );
  }
  return (
    <StatusPage
      icon={IconPlugConnectedX}
      color="red"
      title="No payout account connected"
      description={
        <Stack gap="xs" align="center" component="span">
          <span>
            Connecting did not finish and nothing changed. Connect a Stripe account to withdraw to your bank.
          </span>
          {sandbox}
          {failure}
        </Stack>
      }
      actions={
        <>
          {restart('Connect with Stripe')}
          <BackToAppButton variant="default" />
        </>
      }
    />
  );
}

/** `/payout/connect/success`: Stripe's return page. */
export function PayoutConnectSuccessPage() {
  return <ConnectResultPage arrived="success" />;
}

/** `/payout/connect/failure`: Stripe's refresh page (onboarding left, or its link expired). */
export function PayoutConnectFailurePage() {
  return <ConnectResultPage arrived="failure" />;
}
