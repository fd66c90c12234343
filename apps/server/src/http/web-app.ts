import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { webPages, type DomainProfileView } from '@switchboard/contract';
import {
  baseDirectives,
  frameAncestors,
  inlineScriptHashes,
  pageDirectives,
  readPageHost,
} from './content-security-policy';

const notBuilt = `<!doctype html><meta charset="utf-8"><title>Switchboard</title>
<body style="font-family:system-ui;margin:4rem auto;max-width:36rem;line-height:1.5">
<h1>The web app is not built yet</h1><p>Run <code>npm run build</code> (or <code>npm start</code>, which builds it when needed).</p>`;

/** The id of the JSON block that hands the host's brand to the page (read by the web app's page-brand.ts). */
const pageBrandElementId = 'page-brand';

export interface WebApp {
  /** Answers with the single-page app (its router shows the page), or a 503 page when it is not built. */
  sendPage(reply: FastifyReply, status?: number): Promise<FastifyReply>;
}

export interface WebAppOptions {
  distDir: string;
  /** The service's public address: an https one turns on HSTS and upgrade-insecure-requests. */
  publicUrl: string;
  /** The brand of a host (port ignored): who may frame its pages, which scripts they load, what they show first. */
  brandOf?: (host: string) => Promise<DomainProfileView>;
  /** A public demonstration (DEMO_MODE): every page says so (the web app's demo-mode banner). */
  demonstration?: boolean;
}

// Headers that only a document acts on; a script or stylesheet carries them for nothing, ~600 bytes a file.
const documentOnlyHeaders = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

const isHttps = (publicUrl: string) => publicUrl.toLowerCase().startsWith('https:');

/**
 * Compression and security headers for every answer; registered before any route, since both hook in per route.
 * Built assets are compressed at build time (served by @fastify/static); this compresses the rest (API JSON,
 * pages). Streamed downloads take the reply over (logs' send-file) and are sent as they are.
 */
export async function registerWebDelivery(app: FastifyInstance, publicUrl: string): Promise<void> {
  const https = isHttps(publicUrl);
  // No client sends compressed request bodies, so the plugin's decompression is left off.
  await app.register(compress, { globalDecompression: false, encodings: ['br', 'gzip'] });
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: baseDirectives(https) },
    // Only when PUBLIC_URL is https: an http deployment must stay reachable over http. Not for subdomains: a
    // customer's host may have subdomains this service does not serve.
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: false } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
  });
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"]/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[char] ?? char,
  );

// In a <script> data block only "</script" could end it early; \u003c keeps the JSON the same value.
const jsonForHtml = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * The built index.html as one host gets it: the brand's name as the title, its profile as a JSON data block, and
 * in a demonstration a meta tag saying so. The page reads them as it starts, with no request and no schema code.
 */
function pageFor(html: string, brand: DomainProfileView | null, demonstration: boolean): string {
  const additions = [
    ...(brand
      ? [`<script type="application/json" id="${pageBrandElementId}">${jsonForHtml(brand)}</script>`]
      : []),
    ...(demonstration ? ['<meta name="switchboard-mode" content="demonstration">'] : []),
  ];
  const titled = brand
    ? html.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(brand.name)}</title>`)
    : html;
  return additions.length === 0 ? titled : titled.replace('</head>', `${additions.join('')}</head>`);
}

/** Serves the built web app: hashed assets with long caching, and index.html for every page the app routes. */
export async function registerWebApp(app: FastifyInstance, options: WebAppOptions): Promise<WebApp> {
  const https = isHttps(options.publicUrl);
  const indexFile = path.join(options.distDir, 'index.html');
  // Read at start, like the asset routes @fastify/static lists then: a new build is served after a restart.
  const indexHtml = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : null;
  // Every page's policy names the inline scripts of this build by their hashes.
  const scriptHashes = indexHtml === null ? [] : inlineScriptHashes(indexHtml);
  if (indexHtml !== null) {
    await app.register(fastifyStatic, {
      root: options.distDir,
      prefix: '/',
      wildcard: false,
      index: false,
      // The page is sent by the page routes only, with its policy and brand.
      allowedPath: (pathName) => pathName !== '/index.html',
      // The build writes .br and .gz beside each asset; the one the client accepts is sent.
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
        if (/\.(js|css|woff2?)$/.test(filePath)) {
          for (const header of documentOnlyHeaders) reply.raw.removeHeader(header);
        }
      },
    });
  }

  const brandOfRequest = async (reply: FastifyReply): Promise<DomainProfileView | null> => {
    const host = readPageHost(reply.request.host);
    if (!host || !options.brandOf) return null;
    try {
      return await options.brandOf(host);
    } catch (error) {
      // The page still works: it asks for its brand itself, under the strictest framing and no brand scripts.
      reply.log.warn({ err: error }, 'the brand of the host could not be read');
      return null;
    }
  };

  const sendPage = async (reply: FastifyReply, status = 200) => {
    if (indexHtml === null) return reply.code(503).type('text/html; charset=utf-8').send(notBuilt);
    const brand = await brandOfRequest(reply);
    const page = { host: readPageHost(reply.request.host), brand };
    reply.helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: pageDirectives({ scriptHashes, https, page }),
      },
    });
    // frame-ancestors decides; the older header would forbid the embedding the brand allows.
    if (!frameAncestors(brand).includes("'none'")) reply.raw.removeHeader('x-frame-options');
    return reply
      .code(status)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(pageFor(indexHtml, brand, options.demonstration === true));
  };

  app.get('/', (_request, reply) => reply.redirect('/app'));
  for (const page of new Set(Object.values(webPages))) {
    app.get(page, (_request, reply) => sendPage(reply));
  }
  return { sendPage };
}
