import type { FastifyInstance } from 'fastify';
import type { Config } from '../platform/config';
import { errorBody } from './error-handler';

/** Where the sandbox products live: the outbox, sandbox texts, the sandbox phone network and their pages. */
export const sandboxPathPrefixes = ['/api/dev/', '/api/sandbox/', '/app/dev/'] as const;

const isSandboxPath = (url: string) => {
  const path = url.split('?', 1)[0] ?? '';
  return sandboxPathPrefixes.some((prefix) => path === prefix.slice(0, -1) || path.startsWith(prefix));
};

/**
 * In production (unless DEMO_MODE) every sandbox door answers 404 before any route runs, so a sandbox added
 * later under these prefixes is closed too, whatever its own guard says.
 */
export function closeSandboxDoors(app: FastifyInstance, config: Config): void {
  if (config.sandboxOpen) return;
  app.addHook('onRequest', async (request, reply) => {
    if (!isSandboxPath(request.url)) return;
    return reply.code(404).send(errorBody('NOT_FOUND', 'The sandbox is not available on this server'));
  });
}
