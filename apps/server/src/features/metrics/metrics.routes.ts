import { metricsEndpoints } from '@switchboard/contract';
import { AppError } from '../../platform/app-error';
import type { Feature } from '../feature';
import {
  computeMetricValues,
  loadMetricAccount,
  metricDefinitionsOf,
  metricFields,
  previewMetric,
  saveMetricDefinitions,
} from './metrics.service';

export const metricsFeature: Feature = {
  name: 'metrics',
  registerRoutes({ implement, db }) {
    implement(metricsEndpoints)({
      listMetrics: async ({ ctx }) => {
        const { account, scope } = await loadMetricAccount(db, ctx.accountId);
        const { metrics, isDefault } = metricDefinitionsOf(account.settings);
        return { success: true, metrics, isDefault, fields: await metricFields(db, scope) };
      },
      saveMetrics: async ({ body, ctx }) => {
        if (!ctx.actor) throw new AppError('UNAUTHENTICATED', 'No auth token provided');
        const { account, scope } = await loadMetricAccount(db, ctx.accountId);
        return { success: true, metrics: await saveMetricDefinitions(db, account.id, scope, body.metrics) };
      },
      metricValues: async ({ query, ctx }) => {
        const { account, scope } = await loadMetricAccount(db, ctx.accountId);
        const { metrics } = metricDefinitionsOf(account.settings);
        return { success: true, metrics: await computeMetricValues(db, scope, metrics, query) };
      },
      previewMetric: async ({ query, body, ctx }) => {
        const { scope } = await loadMetricAccount(db, ctx.accountId);
        return { success: true, metric: await previewMetric(db, scope, body.metric, query) };
      },
    });
  },
};
