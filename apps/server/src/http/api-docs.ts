import { createRequire } from 'node:module';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const swaggerDir = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

const page = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Switchboard API</title>
  <link rel="stylesheet" href="/api/docs/assets/swagger-ui.css">
  <style>body { margin: 0 } .topbar { display: none }</style>
</head>
<body>
  <div id="docs"></div>
  <script src="/api/docs/assets/swagger-ui-bundle.js"></script>
  <script src="/api/docs/init.js"></script>
</body>
</html>`;

const init = `window.ui = SwaggerUIBundle({
  url: '/api/openapi.json',
  dom_id: '#docs',
  deepLinking: true,
  docExpansion: 'list',
  defaultModelsExpandDepth: 0,
  tryItOutEnabled: false,
});`;

/** The API reference page at /api/docs, rendering the OpenAPI document generated from the contract. */
export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  await app.register(fastifyStatic, {
    root: swaggerDir,
    prefix: '/api/docs/assets/',
    decorateReply: false,
    wildcard: false,
    allowedPath: (pathName) => /^\/swagger-ui(-bundle)?\.(js|css)(\.map)?$/.test(pathName),
  });
  app.get('/api/docs', (_request, reply) => reply.type('text/html; charset=utf-8').send(page));
  app.get('/api/docs/init.js', (_request, reply) => reply.type('text/javascript; charset=utf-8').send(init));
}
