import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { AppError } from '../../platform/app-error';
import {
  ProviderUnreachable,
  type ConnectedAccountState,
  type ConnectProvider,
  type PayoutOutcome,
} from '../payouts/types';

/** A failure Stripe reports about the request (declined, invalid) rather than a lost connection. */
function isStripeRefusal(error: unknown): error is Stripe.errors.StripeError {
  return (
    error instanceof Stripe.errors.StripeError &&
    !(error instanceof Stripe.errors.StripeConnectionError) &&
    !(error instanceof Stripe.errors.StripeAPIError)
  );
}

/**
 * Stripe Connect Express through the stripe SDK: `accounts.create({ type: 'express' })`, an onboarding
 * `accountLinks.create`, readiness from the Account (details_submitted, payouts_enabled, requirements), and a
 * `transfers.create` to the connected account with an idempotency key.
 */
export class StripeConnect implements ConnectProvider {
  readonly name = 'stripe';
  readonly sandbox = false;
  private readonly stripe: Stripe;

  constructor(options: { secretKey: string; apiUrl?: string | undefined }) {
    const api = options.apiUrl ? new URL(options.apiUrl) : null;
    this.stripe = new Stripe(options.secretKey, {
      maxNetworkRetries: 2,
      telemetry: false,
      timeout: 20_000,
      ...(api && {
        host: api.hostname,
        port: Number(api.port || (api.protocol === 'https:' ? 443 : 80)),
        protocol: api.protocol === 'https:' ? 'https' : 'http',
      }),
    });
  }

  private async ask<T>(what: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (isStripeRefusal(error))
        throw new AppError('BAD_REQUEST', `Stripe refused to ${what}: ${error.message}`);
      throw new ProviderUnreachable(`Stripe did not answer: ${(error as Error).message}`);
    }
  }

  async createAccount(input: { accountId: number; email: string | null; idempotencyKey: string }) {
    const account = await this.ask('create the connected account', () =>
      this.stripe.accounts.create(
        {
          type: 'express',
          ...(input.email && { email: input.email }),
          capabilities: { transfers: { requested: true } },
          metadata: { accountId: String(input.accountId) },
        },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    return account.id;
  }

  async onboardingLink(input: { connectedAccountId: string; refreshUrl: string; returnUrl: string }) {
    const link = await this.ask('open onboarding', () =>
      this.stripe.accountLinks.create({
        account: input.connectedAccountId,
        type: 'account_onboarding',
        refresh_url: input.refreshUrl,
        return_url: input.returnUrl,
      }),
    );
    return link.url;
  }

  async readiness(connectedAccountId: string): Promise<ConnectedAccountState> {
    const account = await this.ask('read the connected account', () =>
      this.stripe.accounts.retrieve(connectedAccountId),
    );
    return {
      detailsSubmitted: account.details_submitted,
      payoutsEnabled: account.payouts_enabled,
      chargesEnabled: account.charges_enabled,
      currentlyDue: account.requirements?.currently_due ?? [],
    };
  }

  async transfer(input: {
    connectedAccountId: string;
    amountCents: number;
    idempotencyKey: string;
    description: string;
  }): Promise<PayoutOutcome> {
    try {
      const transfer = await this.stripe.transfers.create(
        {
          amount: input.amountCents,
          currency: 'usd',
          destination: input.connectedAccountId,
          description: input.description,
        },
        { idempotencyKey: input.idempotencyKey },
      );
      return { state: 'paid', ref: transfer.id, details: { destination: input.connectedAccountId } };
    } catch (error) {
      if (isStripeRefusal(error)) {
        return { state: 'failed', ref: null, reason: `Stripe refused the transfer: ${error.message}` };
      }
      throw new ProviderUnreachable(`Stripe did not answer: ${(error as Error).message}`);
    }
  }
}

/**
 * The offline stand-in: a sandbox connected account whose onboarding is one sandbox page
 * (`/app/dev/connect/:accountId`) where the person finishes it or leaves it unfinished, landing on the return or
 * the refresh page as from Stripe's; transfers to an onboarded account succeed, an account that was never
 * onboarded cannot receive.
 */
export class SandboxConnect implements ConnectProvider {
  readonly name = 'sandbox';
  readonly sandbox = true;
  private readonly onboarded = new Set<string>();
  /** Each account's latest onboarding link: where finishing it, or leaving, goes back to. */
  private readonly links = new Map<string, { returnUrl: string; refreshUrl: string }>();

  constructor(private readonly publicUrl = '') {}

  createAccount(): Promise<string> {
    return Promise.resolve(`acct_sandbox_${randomBytes(8).toString('hex')}`);
  }

  onboardingLink(input: {
    connectedAccountId: string;
    returnUrl: string;
    refreshUrl: string;
  }): Promise<string> {
    this.links.set(input.connectedAccountId, { returnUrl: input.returnUrl, refreshUrl: input.refreshUrl });
    return Promise.resolve(
      `${this.publicUrl}/app/dev/connect/${encodeURIComponent(input.connectedAccountId)}`,
    );
  }

  /**
   * The sandbox onboarding page's answer: `complete` onboards the account and goes to the return page, `leave`
   * keeps it unfinished and goes to the refresh page. Null for an account without an onboarding link.
   */
  finishOnboarding(connectedAccountId: string, outcome: 'complete' | 'leave'): string | null {
    const link = this.links.get(connectedAccountId);
    if (!link) return null;
    if (outcome === 'complete') this.onboarded.add(connectedAccountId);
    return outcome === 'complete' ? link.returnUrl : link.refreshUrl;
  }

  readiness(connectedAccountId: string): Promise<ConnectedAccountState> {
    const ready = this.onboarded.has(connectedAccountId);
    return Promise.resolve({
      detailsSubmitted: ready,
      payoutsEnabled: ready,
      chargesEnabled: ready,
      currentlyDue: ready ? [] : ['external_account', 'individual.verification.document'],
    });
  }

  transfer(input: {
    connectedAccountId: string;
    amountCents: number;
    idempotencyKey: string;
  }): Promise<PayoutOutcome> {
    if (!this.onboarded.has(input.connectedAccountId)) {
      return Promise.resolve({
        state: 'failed',
        ref: null,
        reason: 'Stripe refused the transfer: the connected account cannot receive payouts yet (sandbox)',
      });
    }
    return Promise.resolve({
      state: 'paid',
      ref: `tr_sandbox_${input.idempotencyKey.replace(/[^a-z0-9]/gi, '').slice(-16)}`,
      details: { destination: input.connectedAccountId },
    });
  }
}
