import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../platform/app-error';
import type { Config } from '../platform/config';
import type { Db } from '../platform/database';
import type { SmsProvider } from '../providers/sms/types';
import type { AgentRuntimePort } from './port';

export interface AgentRuntimeDeps {
  config: Config;
  db: Db;
  sms: SmsProvider;
  logger: FastifyBaseLogger;
}

/** The agent runtime behind the port: conversations on the agents' production configs. */
export function createAgentRuntime(_deps: AgentRuntimeDeps): AgentRuntimePort {
  return {
    replyToText: () => Promise.reject(new AppError('UNAVAILABLE', 'The agent runtime is not running.')),
  };
}
