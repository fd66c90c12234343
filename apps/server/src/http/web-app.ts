import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { webPages } from '@switchboard/contract';

const notBuilt = `<!doctype html><meta charset="utf-8"><title>Switchboard</title>
<body style="font-family:system-ui;margin:4rem auto;max-width:36rem;line-height:1.5">
<h1>The web app is not built yet</h1><p>Run <code>npm run build</code> (or <code>npm start</code>, which builds it when needed).</p>`;

export interface WebApp {
  /** Answers with the single-page app (its router shows the page), or a 503 page when it is not built. */
  sendPage(reply: FastifyReply, status?: number): Promise<FastifyReply>;
}

/** Serves the built web app: hashed assets with long caching, and index.html for every page the app routes. */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<WebApp> {
  const indexFile = path.join(distDir, 'index.html');
  if (existsSync(indexFile)) {
    await app.register(fastifyStatic, {
      root: distDir,
      prefix: '/',
      wildcard: false,
      index: false,
      setHeaders: (reply, filePath) => {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  const sendPage = async (reply: FastifyReply, status = 200) => {
    if (!existsSync(indexFile)) return reply.code(503).type('text/html; charset=utf-8').send(notBuilt);
    return reply
      .code(status)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(await readFile(indexFile));
  };

  app.get('/', (_request, reply) => reply.redirect('/app'));
  for (const page of new Set(Object.values(webPages))) {
    app.get(page, (_request, reply) => sendPage(reply));
  }
  return { sendPage };
}
