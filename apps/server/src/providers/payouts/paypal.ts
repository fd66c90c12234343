import { AppError } from '../../platform/app-error';
import {
  ProviderUnreachable,
  type PayoutOutcome,
  type PayPalPayoutProvider,
  type PayPalPayoutRequest,
} from './types';

/** Item states after which PayPal will not pay; SUCCESS is paid; the rest are still in progress. */
const failedStates = ['FAILED', 'RETURNED', 'BLOCKED', 'REFUNDED', 'REVERSED', 'DENIED', 'CANCELED'];

function reasonOf(body: Record<string, unknown>, fallback: string): string {
  const details = Array.isArray(body.details) ? (body.details as Record<string, unknown>[]) : [];
  const detail = details[0];
  const issue = typeof detail?.issue === 'string' ? detail.issue : null;
  const message = typeof body.message === 'string' ? body.message : fallback;
  return issue ? `${message} (${issue})` : message;
}

/**
 * PayPal Payouts over its REST API (OAuth2 client credentials, then `POST /v1/payments/payouts` with the
 * payout's id as sender_batch_id and PayPal-Request-Id, so a retry after a lost answer is the same batch;
 * `GET /v1/payments/payouts/{batch}` reads its item; webhooks are confirmed with
 * `POST /v1/notifications/verify-webhook-signature`). Venmo is the same call with recipient_wallet VENMO.
 */
export class PayPalPayouts implements PayPalPayoutProvider {
  readonly name = 'paypal';
  readonly sandbox = false;
  private token: { value: string; expiresAt: number } | null = null;

  constructor(
    private readonly options: {
      clientId: string;
      clientSecret: string;
      apiUrl: string;
      webhookId: string | null;
      timeoutMs?: number;
    },
  ) {}

  private async fetch(path: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(`${this.options.apiUrl}${path}`, {
        ...init,
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 20_000),
      });
    } catch (error) {
      throw new ProviderUnreachable(`PayPal did not answer: ${(error as Error).message}`);
    }
  }

  private async accessToken(): Promise<string> {
    if (this.token && this.token.expiresAt > Date.now()) return this.token.value;
    const basic = Buffer.from(`${this.options.clientId}:${this.options.clientSecret}`).toString('base64');
    const response = await this.fetch('/v1/oauth2/token', {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    if (!response.ok || typeof body.access_token !== 'string') {
      throw new AppError(
        'UNAVAILABLE',
        `PayPal refused this server's credentials (status ${response.status})`,
      );
    }
    const seconds = typeof body.expires_in === 'number' ? body.expires_in : 300;
    this.token = { value: body.access_token, expiresAt: Date.now() + Math.max(seconds - 60, 30) * 1000 };
    return body.access_token;
  }

  private async call(path: string, init: { method: 'GET' | 'POST'; body?: unknown; requestId?: string }) {
    const response = await this.fetch(path, {
      method: init.method,
      headers: {
        authorization: `Bearer ${await this.accessToken()}`,
        'content-type': 'application/json',
        ...(init.requestId && { 'PayPal-Request-Id': init.requestId }),
      },
      ...(init.body !== undefined && { body: JSON.stringify(init.body) }),
    });
    if (response.status >= 500) throw new ProviderUnreachable(`PayPal answered status ${response.status}`);
    const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    return { status: response.status, ok: response.ok, body };
  }

  async send(request: PayPalPayoutRequest): Promise<PayoutOutcome> {
    const { status, ok, body } = await this.call('/v1/payments/payouts', {
      method: 'POST',
      requestId: request.batchId,
      body: {
        sender_batch_header: {
          sender_batch_id: request.batchId,
          email_subject: 'You have a payout',
          email_message: request.note,
        },
        items: [
          {
            recipient_type: request.recipientType,
            receiver: request.receiver,
            amount: { value: request.amountUsd, currency: 'USD' },
            note: request.note,
            sender_item_id: request.batchId.slice(0, 63),
            recipient_wallet: request.wallet,
            purpose: 'SERVICES',
          },
        ],
      },
    });
    if (!ok && JSON.stringify(body.details ?? []).includes('DUPLICATE_SENDER_BATCH_ID')) {
      // Sent before and its answer lost: the batch PayPal already has is this payout.
      const links = Array.isArray(body.links) ? (body.links as { href?: unknown }[]) : [];
      const hrefs = links.map((link) => (typeof link.href === 'string' ? link.href : ''));
      const href = hrefs.find((link) => link.includes('/payouts/'));
      const existing = href ? decodeURIComponent(href.split('/payouts/')[1] ?? '') : '';
      if (!existing) throw new ProviderUnreachable('PayPal has this batch already but did not say which');
      return this.check(existing);
    }
    if (!ok)
      return {
        state: 'failed',
        ref: null,
        reason: `PayPal refused the payout: ${reasonOf(body, `status ${status}`)}`,
      };
    const header = (body.batch_header ?? {}) as Record<string, unknown>;
    const batchId = typeof header.payout_batch_id === 'string' ? header.payout_batch_id : null;
    if (!batchId) throw new ProviderUnreachable('PayPal answered without a payout batch id');
    if (header.batch_status === 'DENIED') {
      return { state: 'failed', ref: batchId, reason: 'PayPal denied the payout batch' };
    }
    return { state: 'pending', ref: batchId, details: { batchStatus: header.batch_status } };
  }

  async check(batchRef: string): Promise<PayoutOutcome> {
    const { status, ok, body } = await this.call(`/v1/payments/payouts/${encodeURIComponent(batchRef)}`, {
      method: 'GET',
    });
    if (!ok) throw new ProviderUnreachable(`PayPal could not read batch ${batchRef} (status ${status})`);
    const header = (body.batch_header ?? {}) as Record<string, unknown>;
    const items = Array.isArray(body.items) ? (body.items as Record<string, unknown>[]) : [];
    const item = items[0];
    if (header.batch_status === 'DENIED' && !item) {
      return { state: 'failed', ref: batchRef, reason: 'PayPal denied the payout batch' };
    }
    const itemStatus = typeof item?.transaction_status === 'string' ? item.transaction_status : 'PENDING';
    const details = { itemStatus, payoutItemId: item?.payout_item_id };
    if (itemStatus === 'SUCCESS') return { state: 'paid', ref: batchRef, details };
    if (failedStates.includes(itemStatus)) {
      const errors = (item?.errors ?? {}) as Record<string, unknown>;
      const why = typeof errors.message === 'string' ? errors.message : itemStatus.toLowerCase();
      return { state: 'failed', ref: batchRef, reason: `PayPal did not pay: ${why}`, details };
    }
    return { state: 'pending', ref: batchRef, details };
  }

  async verifyWebhook(headers: Record<string, string | undefined>, event: unknown): Promise<boolean> {
    if (!this.options.webhookId) return false;
    const { ok, body } = await this.call('/v1/notifications/verify-webhook-signature', {
      method: 'POST',
      body: {
        auth_algo: headers['paypal-auth-algo'],
        cert_url: headers['paypal-cert-url'],
        transmission_id: headers['paypal-transmission-id'],
        transmission_sig: headers['paypal-transmission-sig'],
        transmission_time: headers['paypal-transmission-time'],
        webhook_id: this.options.webhookId,
        webhook_event: event,
      },
    });
    return ok && body.verification_status === 'SUCCESS';
  }
}

/**
 * The offline stand-in for PayPal and Venmo: a batch is paid at once, unless the receiver contains "fail", which
 * the sandbox refuses the way PayPal reports an item it cannot pay (RECEIVER_UNREGISTERED).
 */
export class SandboxPayPalPayouts implements PayPalPayoutProvider {
  readonly name = 'sandbox';
  readonly sandbox = true;
  private readonly batches = new Map<string, PayoutOutcome>();

  send(request: PayPalPayoutRequest): Promise<PayoutOutcome> {
    const ref = `SANDBOX-${request.batchId
      .replace(/[^A-Za-z0-9]/g, '')
      .slice(0, 24)
      .toUpperCase()}`;
    const outcome: PayoutOutcome = /fail/i.test(request.receiver)
      ? {
          state: 'failed',
          ref,
          reason: `PayPal did not pay: the receiver is not registered with ${request.wallet === 'VENMO' ? 'Venmo' : 'PayPal'} (sandbox)`,
        }
      : { state: 'paid', ref, details: { itemStatus: 'SUCCESS' } };
    this.batches.set(ref, outcome);
    return Promise.resolve(outcome);
  }

  check(batchRef: string): Promise<PayoutOutcome> {
    return Promise.resolve(
      this.batches.get(batchRef) ?? {
        state: 'failed',
        ref: batchRef,
        reason: 'The sandbox has no such batch',
      },
    );
  }

  verifyWebhook(): Promise<boolean> {
    return Promise.resolve(false);
  }
}
