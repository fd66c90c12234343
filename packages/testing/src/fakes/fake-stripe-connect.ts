import { randomBytes } from 'node:crypto';
import { formObject, stripeError } from './fake-stripe-billing';

/** What the fake keeps of a connected account; answered in Stripe's Account shape. */
export interface FakeConnectedAccount {
  id: string;
  type: string;
  email: string | null;
  country: string;
  metadata: Record<string, string>;
  created: number;
  detailsSubmitted: boolean;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  currentlyDue: string[];
}

export interface FakeTransfer {
  id: string;
  amount: number;
  currency: string;
  destination: string;
  description: string | null;
  metadata: Record<string, string>;
  created: number;
}

/** The Connect part of the fake Stripe: its state and the test's hands on it. */
export interface FakeStripeConnect {
  accounts: Map<string, FakeConnectedAccount>;
  transfers: Map<string, FakeTransfer>;
  /**
   * The person's onboarding at Stripe: `complete` submits everything (payouts and charges enabled), `incomplete`
   * submits details but leaves a requirement due, so the account still cannot receive.
   */
  onboard(accountId: string, outcome: 'complete' | 'incomplete'): void;
  /** The platform's available balance in cents; a transfer beyond it is refused with balance_insufficient. */
  setPlatformBalance(cents: number): void;
}

const onboardingDue = [
  'business_profile.url',
  'external_account',
  'individual.dob.day',
  'individual.verification.document',
  'tos_acceptance.date',
];

const now = () => Math.floor(Date.now() / 1000);
const bad = (message: string, param?: string, code?: string) => {
  const body = JSON.parse(stripeError('invalid_request_error', message, param)) as {
    error: Record<string, string>;
  };
  if (code) body.error.code = code;
  return { status: 400, body: JSON.stringify(body) };
};
const ok = (body: unknown) => ({ status: 200, body: JSON.stringify(body) });

function accountJson(account: FakeConnectedAccount) {
  const capability = account.payoutsEnabled ? 'active' : 'inactive';
  return {
    id: account.id,
    object: 'account',
    type: account.type,
    email: account.email,
    country: account.country,
    default_currency: 'usd',
    created: account.created,
    metadata: account.metadata,
    details_submitted: account.detailsSubmitted,
    charges_enabled: account.chargesEnabled,
    payouts_enabled: account.payoutsEnabled,
    capabilities: { transfers: capability },
    requirements: {
      currently_due: account.currentlyDue,
      eventually_due: account.currentlyDue,
      past_due: account.detailsSubmitted ? [] : account.currentlyDue,
      pending_verification: [],
      disabled_reason: account.payoutsEnabled ? null : 'requirements.past_due',
      current_deadline: null,
      errors: [],
    },
  };
}

function transferJson(transfer: FakeTransfer) {
  return {
    id: transfer.id,
    object: 'transfer',
    amount: transfer.amount,
    amount_reversed: 0,
    currency: transfer.currency,
    destination: transfer.destination,
    destination_payment: `py_${transfer.id.slice(3)}`,
    description: transfer.description,
    metadata: transfer.metadata,
    created: transfer.created,
    livemode: false,
    reversed: false,
    reversals: { object: 'list', data: [], has_more: false, url: `/v1/transfers/${transfer.id}/reversals` },
    balance_transaction: `txn_${transfer.id.slice(3)}`,
    source_transaction: null,
    transfer_group: null,
  };
}

/**
 * Stripe Connect as Stripe answers it: `POST /v1/accounts` (type express), `GET /v1/accounts/:id` (readiness:
 * details_submitted, charges_enabled, payouts_enabled, requirements.currently_due), `POST /v1/account_links`
 * (account_onboarding with refresh and return URLs) and `POST /v1/transfers` to a connected account that can
 * receive, out of the platform's balance. Errors carry Stripe's type, code and param.
 */
export function createFakeStripeConnect(): FakeStripeConnect & {
  answer(request: {
    method: string;
    path: string;
    form: Record<string, string>;
  }): { status: number; body: string } | null;
} {
  const accounts = new Map<string, FakeConnectedAccount>();
  const transfers = new Map<string, FakeTransfer>();
  let platformBalance = 10_000_000;

  const createAccount = (form: Record<string, string>) => {
    const type = form.type;
    if (!type) return bad('Missing required param: type.', 'type', 'parameter_missing');
    if (!['express', 'standard', 'custom'].includes(type)) {
      return bad(`Invalid type: must be one of custom, express, or standard`, 'type', 'parameter_invalid');
    }
    if (form.email !== undefined && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(form.email)) {
      return bad('Invalid email address: ' + form.email, 'email', 'email_invalid');
    }
    const account: FakeConnectedAccount = {
      id: `acct_${randomBytes(8).toString('hex')}`,
      type,
      email: form.email ?? null,
      country: form.country ?? 'US',
      metadata: formObject(form, 'metadata'),
      created: now(),
      detailsSubmitted: false,
      chargesEnabled: false,
      payoutsEnabled: false,
      currentlyDue: [...onboardingDue],
    };
    accounts.set(account.id, account);
    return ok(accountJson(account));
  };

  const createLink = (form: Record<string, string>) => {
    if (!form.account) return bad('Missing required param: account.', 'account', 'parameter_missing');
    if (!accounts.has(form.account)) {
      return bad(`No such account: '${form.account}'`, 'account', 'resource_missing');
    }
    if (!['account_onboarding', 'account_update'].includes(form.type ?? '')) {
      return bad('Invalid type: must be one of account_onboarding or account_update', 'type');
    }
    for (const param of ['refresh_url', 'return_url']) {
      const value = form[param];
      if (!value) return bad(`Missing required param: ${param}.`, param, 'parameter_missing');
      if (!/^https?:\/\//.test(value)) return bad(`Not a valid URL`, param, 'url_invalid');
    }
    const created = now();
    return ok({
      object: 'account_link',
      created,
      expires_at: created + 300,
      url: `https://connect.stripe.com/setup/e/${form.account}/${randomBytes(12).toString('hex')}`,
    });
  };

  const createTransfer = (form: Record<string, string>) => {
    const amount = form.amount;
    if (!amount) return bad('Missing required param: amount.', 'amount', 'parameter_missing');
    if (!/^\d+$/.test(amount) || Number(amount) < 1) {
      return bad('Invalid positive integer', 'amount', 'parameter_invalid_integer');
    }
    if (!form.currency) return bad('Missing required param: currency.', 'currency', 'parameter_missing');
    if (!form.destination) {
      return bad('Missing required param: destination.', 'destination', 'parameter_missing');
    }
    const destination = accounts.get(form.destination);
    if (!destination) {
      return bad(`No such destination: '${form.destination}'`, 'destination', 'resource_missing');
    }
    if (!destination.payoutsEnabled) {
      return bad(
        'Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments',
        'destination',
        'insufficient_capabilities_for_transfer',
      );
    }
    if (Number(amount) > platformBalance) {
      return bad(
        'You have insufficient available funds in your Stripe account. Try adding funds directly to your available balance by creating Charges using the 4000000000000077 test card.',
        undefined,
        'balance_insufficient',
      );
    }
    platformBalance -= Number(amount);
    const transfer: FakeTransfer = {
      id: `tr_${randomBytes(12).toString('hex')}`,
      amount: Number(amount),
      currency: form.currency.toLowerCase(),
      destination: destination.id,
      description: form.description ?? null,
      metadata: formObject(form, 'metadata'),
      created: now(),
    };
    transfers.set(transfer.id, transfer);
    return ok(transferJson(transfer));
  };

  return {
    accounts,
    transfers,
    onboard(accountId, outcome) {
      const account = accounts.get(accountId);
      if (!account) throw new Error(`The fake Stripe has no connected account ${accountId}`);
      account.detailsSubmitted = true;
      account.currentlyDue = outcome === 'complete' ? [] : ['individual.verification.document'];
      account.chargesEnabled = outcome === 'complete';
      account.payoutsEnabled = outcome === 'complete';
    },
    setPlatformBalance(cents) {
      platformBalance = cents;
    },
    answer({ method, path, form }) {
      if (method === 'POST' && path === '/v1/accounts') return createAccount(form);
      if (method === 'POST' && path === '/v1/account_links') return createLink(form);
      if (method === 'POST' && path === '/v1/transfers') return createTransfer(form);
      const found = /^\/v1\/(accounts|transfers)\/([^/]+)$/.exec(path);
      if (method !== 'GET' || !found?.[2]) return null;
      const id = decodeURIComponent(found[2]);
      if (found[1] === 'transfers') {
        const transfer = transfers.get(id);
        if (transfer) return ok(transferJson(transfer));
        return { ...bad(`No such transfer: '${id}'`, 'id', 'resource_missing'), status: 404 };
      }
      const account = accounts.get(id);
      if (account) return ok(accountJson(account));
      return {
        status: 403,
        body: JSON.stringify({
          error: {
            type: 'invalid_request_error',
            code: 'account_invalid',
            message: `The provided key does not have access to account '${id}' (or that account does not exist). Application access may have been revoked.`,
          },
        }),
      };
    },
  };
}
