import { defineJob, type JobFeature } from '../../jobs';
import { createOutboundHttp } from '../../platform/outbound-http';
import { createSecretBox } from '../../platform/secret-box';
import type { Services } from '../../services';
import { deliverDueForEndpoint, type WebhookDeliveryDeps } from './webhook-delivery';
import { endpointsWithDueDeliveries } from './webhooks.repo';

/**
 * Looks for endpoints with a delivery due (a new event, a retry whose time came, a replay) and sends each one's
 * job. It sends itself again every 2 s ('short': one waiting sweep across every process); a cron each minute
 * restarts the chain should a process die between the two.
 */
export const webhookSweep = defineJob<Record<string, never>>('developer.webhook-sweep', {
  retryLimit: 0,
  expireInSeconds: 60,
  retentionDays: 1,
  policy: 'short',
});

/** Delivers one endpoint's due deliveries in order ('short' per endpoint: one waiting run at a time). */
export const webhookEndpointRun = defineJob<{ endpointId: number }>('developer.webhook-endpoint', {
  retryLimit: 2,
  expireInSeconds: 900,
  retentionDays: 1,
  policy: 'short',
});

const sweepKey = 'webhook-sweep';
const sweepEverySeconds = 2;

export function webhookDeliveryDeps(services: Services): WebhookDeliveryDeps {
  return {
    db: services.db,
    http: createOutboundHttp({ allowPrivateNetwork: services.config.apps.allowPrivateNetwork }),
    secrets: createSecretBox({ secretsKey: services.config.secretsKey, dataDir: services.config.dataDir }),
    logger: services.logger,
    retryBaseMs: services.config.webhooks.retryBaseMs,
  };
}

export const webhookJobs: JobFeature = {
  area: 'developer',
  async start({ jobs, services }) {
    const deps = webhookDeliveryDeps(services);
    await jobs.work(
      webhookEndpointRun,
      async ({ endpointId }) => ({ delivered: await deliverDueForEndpoint(deps, endpointId) }),
      { concurrency: 10 },
    );
    const again = () =>
      jobs.send(webhookSweep, {}, { singletonKey: sweepKey, startAfter: sweepEverySeconds });
    await jobs.work(webhookSweep, async () => {
      try {
        const due = await endpointsWithDueDeliveries(services.db, 200);
        for (const endpointId of due) {
          await jobs.send(
            webhookEndpointRun,
            { endpointId },
            { singletonKey: `webhook-endpoint:${endpointId}` },
          );
        }
        return { endpoints: due.length };
      } finally {
        await again();
      }
    });
    await jobs.schedule(webhookSweep, '* * * * *', {});
    await jobs.send(webhookSweep, {}, { singletonKey: sweepKey });
  },
};
