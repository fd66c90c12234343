import { tasksEndpoints } from '@switchboard/contract';
import { AppError } from '../../platform/app-error';
import type { Actor } from '../../http/authenticator';
import type { Feature } from '../feature';
import { findDoNotCallOwner } from './do-not-call.repo';
import { addDoNotCall, deleteDoNotCall, listDoNotCall } from './do-not-call.service';
import { readCsvUpload, uploadTaskCsv } from './task-csv.service';
import { getTaskLimits, saveTaskLimits } from './task-limits.service';
import { findTaskOwner } from './tasks.repo';
import { createTask, deleteTask, getTask, listTasks, taskStats, updateTask } from './tasks.service';

const signedIn = (actor: Actor | null): Actor => {
  if (!actor) throw new AppError('UNAUTHENTICATED', 'Sign in first');
  return actor;
};

const formFlag = (text: string | undefined) => {
  if (text === undefined) return undefined;
  const value = text.trim().toLowerCase();
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0' || value === '') return false;
  throw new AppError('BAD_REQUEST', `dryRun: must be true or false (got "${text.slice(0, 20)}")`);
};

/** Tasks: calls and texts queued for agent accounts (one by one or from a CSV), their limits and counts. */
export const tasksFeature: Feature = {
  name: 'tasks',
  ownerResolvers: ({ db }) => ({
    task: (id) => {
      const taskId = Number(id);
      return Number.isSafeInteger(taskId) && taskId > 0 ? findTaskOwner(db, taskId) : Promise.resolve(null);
    },
    doNotCallEntry: (id) => {
      const entryId = Number(id);
      return Number.isSafeInteger(entryId) && entryId > 0
        ? findDoNotCallOwner(db, entryId)
        : Promise.resolve(null);
    },
  }),
  registerRoutes({ implement, db, authenticator }) {
    implement(tasksEndpoints)({
      listTasks: ({ query, ctx }) => listTasks(db, ctx.accountId ?? 0, query),
      createTask: ({ body, ctx }) => createTask(db, signedIn(ctx.actor), ctx.accountId ?? 0, body),
      taskStats: ({ query, ctx }) => taskStats(db, ctx.accountId ?? 0, query.batchId),
      uploadTaskCsv: async ({ query, ctx }) => {
        const actor = signedIn(ctx.actor);
        const upload = await readCsvUpload(ctx.request);
        const formAccount = upload.fields.accountId?.trim();
        if (formAccount && !/^\d{1,10}$/.test(formAccount)) {
          throw new AppError('BAD_REQUEST', `accountId: "${formAccount.slice(0, 20)}" is not an account id`);
        }
        const actingAccountId = ctx.accountId ?? actor.accountId;
        return uploadTaskCsv(
          {
            db,
            authenticator,
            actor,
            actingAccountId,
            defaultAccountId: query.accountId ?? (formAccount ? Number(formAccount) : undefined),
            dryRun: query.dryRun ?? formFlag(upload.fields.dryRun) ?? false,
          },
          upload,
        );
      },
      getTaskLimits: ({ ctx }) => getTaskLimits(db, ctx.accountId ?? 0, signedIn(ctx.actor).superAdmin),
      saveTaskLimits: ({ body, ctx }) => saveTaskLimits(db, signedIn(ctx.actor), ctx.accountId ?? 0, body),
      // A task id acts for the task's own account, which the guard checked the caller may act for.
      getTask: ({ params }) => getTask(db, params.id),
      updateTask: ({ params, body }) => updateTask(db, params.id, body),
      deleteTask: ({ params }) => deleteTask(db, params.id),
      listDoNotCall: ({ query, ctx }) => listDoNotCall(db, ctx.accountId ?? 0, query),
      addDoNotCall: ({ body, ctx }) => addDoNotCall(db, ctx.accountId ?? 0, body),
      deleteDoNotCall: ({ params }) => deleteDoNotCall(db, params.id),
    });
  },
};
