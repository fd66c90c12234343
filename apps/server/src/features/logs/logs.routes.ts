import { logsEndpoints, sessionQuery } from '@switchboard/contract';
import type { RequestContext } from '../../http/register-endpoint';
import type { Feature } from '../feature';
import { loadActingAccount } from '../accounts/accounts.service';
import { downloadName, streamConversationExport, streamLogs } from './log-download.service';
import { checkFilterNames, listLogPage, logSchema } from './log-listing.service';
import { parseLogFilters, resolveFields, resolveWindow, scopeForAccount, type LogQuery } from './log-query';
import { sendFileStream } from './send-file';

const reserved = new Set([
  ...Object.keys(sessionQuery.shape),
  ...Object.keys(logsEndpoints.listLogs.query?.shape ?? {}),
  ...Object.keys(logsEndpoints.exportConversations.query?.shape ?? {}),
]);

const contentTypes = { csv: 'text/csv; charset=utf-8', json: 'application/json; charset=utf-8' } as const;

export const logsFeature: Feature = {
  name: 'logs',
  registerRoutes({ implement, db, dbKind }) {
    const source = { db, kind: dbKind };

    // Filters are the query fields the contract does not name, read from the raw query string.
    async function readQuery(
      ctx: RequestContext,
      query: { start?: number | undefined; end?: number | undefined },
      fields: string | undefined,
    ): Promise<LogQuery> {
      const account = await loadActingAccount(db, ctx.accountId);
      const window = resolveWindow(query.start, query.end);
      const scope = scopeForAccount(account);
      const filters = parseLogFilters((ctx.request.query ?? {}) as Record<string, unknown>, reserved);
      await checkFilterNames(db, scope, filters);
      return { scope, ...window, filters, fields: resolveFields(fields) };
    }

    implement(logsEndpoints)({
      listLogs: async ({ query, ctx }) => {
        const logQuery = await readQuery(ctx, query, query.fields);
        if (query.format === 'csv' || query.download) {
          const format = query.format === 'csv' ? 'csv' : 'json';
          return sendFileStream(ctx.reply, await streamLogs(source, logQuery, format), {
            name: downloadName(format),
            contentType: contentTypes[format],
          });
        }
        const { rows, total } = await listLogPage(db, logQuery, query.page, query.pageSize);
        const schema = query.includeFields
          ? await logSchema(db, logQuery.scope, logQuery.start, logQuery.end)
          : undefined;
        return {
          success: true,
          message: 'Success',
          logs: rows,
          total,
          page: query.page,
          pageSize: query.pageSize,
          totalPages: Math.ceil(total / query.pageSize),
          fields: logQuery.fields,
          ...(schema ? { schema } : {}),
        };
      },
      exportConversations: async ({ query, ctx }) => {
        const logQuery = await readQuery(ctx, query, undefined);
        return sendFileStream(ctx.reply, await streamConversationExport(source, logQuery, query.format), {
          name: downloadName(query.format).replace('conversation_logs_', 'conversations_'),
          contentType: contentTypes[query.format],
        });
      },
    });
  },
};
