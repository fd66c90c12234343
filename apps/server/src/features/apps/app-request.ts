import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import type { AppRequest } from '@switchboard/contract';

/**
 * App functions are HTTP requests described by templates. A placeholder is `{{path}}` or `{{path|other}}`: the
 * alternatives are tried in order and the first non-empty one wins; an alternative that is not a path of the
 * scope (args, auth, conversation, response) is literal text. In a URL, values from `args` and `conversation`
 * are percent-encoded (the model cannot add path segments); credentials are inserted as they are, since the
 * organization's admin wrote them (a whole webhook URL is one).
 */

export interface TemplateScope {
  args: Record<string, unknown>;
  auth: Record<string, string>;
  conversation: Record<string, string>;
  response?: unknown;
}

const placeholder = /\{\{\s*([^{}]+?)\s*\}\}/g;
const pathPattern = /^(args|auth|conversation|response)(\.[A-Za-z0-9_-]+)*$/;

function lookUpPath(scope: TemplateScope, path: string): unknown {
  let value: unknown = scope;
  for (const key of path.split('.')) {
    if (value === null || value === undefined) return undefined;
    if (Array.isArray(value)) value = /^\d+$/.test(key) ? value[Number(key)] : undefined;
    else if (typeof value === 'object') value = (value as Record<string, unknown>)[key];
    else return undefined;
  }
  return value;
}

interface Resolved {
  value: unknown;
  /** The scope the value came from (decides the URL encoding). */
  source: string | null;
}

function resolve(expression: string, scope: TemplateScope): Resolved {
  for (const alternative of expression.split('|').map((part) => part.trim())) {
    if (pathPattern.test(alternative)) {
      const value = lookUpPath(scope, alternative);
      if (value !== undefined && value !== null && value !== '') {
        return { value, source: alternative.split('.')[0] ?? null };
      }
    } else if (alternative !== '') {
      return { value: alternative, source: null };
    }
  }
  return { value: undefined, source: null };
}

function asText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  return typeof value === 'number' || typeof value === 'boolean' ? String(value) : JSON.stringify(value);
}

export interface RenderedText {
  text: string;
  /** Placeholders that found no value. */
  missing: string[];
}

export function renderText(
  template: string,
  scope: TemplateScope,
  mode: 'text' | 'url' = 'text',
): RenderedText {
  const missing: string[] = [];
  const text = template.replace(placeholder, (_match, expression: string) => {
    const { value, source } = resolve(expression, scope);
    if (value === undefined) {
      missing.push(expression);
      return '';
    }
    const raw = asText(value);
    return mode === 'url' && source !== 'auth' && source !== null ? encodeURIComponent(raw) : raw;
  });
  return { text, missing };
}

/**
 * A JSON body template: string leaves are rendered; a leaf that is exactly one placeholder keeps the value's
 * own type; leaves (and keys) that found no value are left out.
 */
export function renderJson(template: unknown, scope: TemplateScope): unknown {
  if (typeof template === 'string') {
    const whole = /^\{\{\s*([^{}]+?)\s*\}\}$/.exec(template);
    if (whole) return resolve(whole[1] ?? '', scope).value;
    const rendered = renderText(template, scope);
    return rendered.missing.length > 0 && rendered.text.trim() === '' ? undefined : rendered.text;
  }
  if (Array.isArray(template)) {
    return template.map((item) => renderJson(item, scope)).filter((item) => item !== undefined);
  }
  if (template && typeof template === 'object') {
    const entries = Object.entries(template as Record<string, unknown>)
      .map(([key, value]) => [key, renderJson(value, scope)] as const)
      .filter(([, value]) => value !== undefined);
    return Object.fromEntries(entries);
  }
  return template;
}

export interface BuiltRequest {
  method: AppRequest['method'];
  url: URL;
  headers: Record<string, string>;
  body: string | null;
}

export class AppRequestError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AppRequestError';
  }
}

/** The request a function call makes; throws AppRequestError when the template cannot give a usable URL. */
export function buildRequest(request: AppRequest, scope: TemplateScope): BuiltRequest {
  const rendered = renderText(request.url, scope, 'url');
  let url: URL;
  try {
    url = new URL(rendered.text);
  } catch {
    const missingAuth = rendered.missing.filter((name) => name.startsWith('auth.'));
    throw new AppRequestError(
      missingAuth.length > 0
        ? `The app is not set up: ${missingAuth.map((name) => name.slice(5)).join(', ')} is missing.`
        : 'The app’s request URL is not a valid URL.',
    );
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new AppRequestError('The app’s request URL must use http or https.');
  }
  for (const [key, template] of Object.entries(request.query)) {
    const value = renderText(template, scope);
    if (value.missing.length === 0 || value.text.trim() !== '') url.searchParams.set(key, value.text);
  }
  const headers: Record<string, string> = { accept: 'application/json' };
  for (const [name, template] of Object.entries(request.headers)) {
    const value = renderText(template, scope);
    // A header built around a credential that is not set (an optional token) is left out, not sent half-empty.
    if (value.missing.length > 0) continue;
    if (/[\r\n]/.test(value.text))
      throw new AppRequestError(`The header ${name} may not contain line breaks.`);
    headers[name.toLowerCase()] = value.text;
  }
  let body: string | null = null;
  if (request.method !== 'GET' && request.method !== 'DELETE') {
    const payload =
      request.body === undefined || request.body === null ? scope.args : renderJson(request.body, scope);
    body = JSON.stringify(payload ?? {});
    headers['content-type'] = 'application/json';
  }
  return { method: request.method, url, headers, body };
}

const privateRanges = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  privateRanges.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  privateRanges.addSubnet(network, prefix, 'ipv6');
}

export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  if (family === 6 && address.toLowerCase().startsWith('::ffff:')) return isPrivateAddress(address.slice(7));
  return privateRanges.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export interface SendOptions {
  /** Loopback and private networks are refused unless allowed (development and tests). */
  allowPrivateNetwork: boolean;
  timeoutMs: number;
  /** The largest answer read, in bytes; the rest is cut. */
  maxResponseBytes?: number;
  signal?: AbortSignal | undefined;
  fetch?: typeof fetch;
}

export interface AppResponse {
  status: number;
  ok: boolean;
  /** The parsed JSON answer, or the text when it is not JSON. */
  body: unknown;
  durationMs: number;
}

async function checkDestination(url: URL, allowPrivate: boolean): Promise<void> {
  if (allowPrivate) return;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost')) {
    throw new AppRequestError('The app’s address is on a private network.');
  }
  const addresses = isIP(host) ? [host] : (await lookup(host, { all: true })).map((entry) => entry.address);
  if (addresses.some(isPrivateAddress))
    throw new AppRequestError('The app’s address is on a private network.');
}

async function readCapped(response: Response, maxBytes: number): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader() as ReadableStreamDefaultReader<Uint8Array>;
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const chunk = await reader.read();
    if (chunk.done) break;
    chunks.push(chunk.value);
    size += chunk.value.byteLength;
    if (size >= maxBytes) {
      await reader.cancel();
      break;
    }
  }
  return Buffer.concat(chunks).subarray(0, maxBytes).toString('utf8');
}

/** Sends a built request. Transport failures and refusals throw AppRequestError with a sentence for people. */
export async function sendRequest(built: BuiltRequest, options: SendOptions): Promise<AppResponse> {
  try {
    await checkDestination(built.url, options.allowPrivateNetwork);
  } catch (error) {
    if (error instanceof AppRequestError) throw error;
    throw new AppRequestError(`The app’s host ${built.url.hostname} could not be found.`);
  }
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const started = performance.now();
  let response: Response;
  try {
    response = await (options.fetch ?? fetch)(built.url, {
      method: built.method,
      headers: built.headers,
      ...(built.body !== null ? { body: built.body } : {}),
      // A redirect could lead anywhere, private networks included; apps must call their final address.
      redirect: 'manual',
      signal,
    });
  } catch (error) {
    if (timeout.aborted)
      throw new AppRequestError(`The app did not answer within ${options.timeoutMs / 1000} s.`);
    if (options.signal?.aborted) throw new AppRequestError('The request was cancelled.');
    throw new AppRequestError(`The app could not be reached (${(error as Error).message}).`);
  }
  const text = await readCapped(response, options.maxResponseBytes ?? 256 * 1024).catch(() => '');
  let body: unknown = text;
  if (text.trim() !== '') {
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
  }
  return {
    status: response.status,
    ok: response.status >= 200 && response.status < 300,
    body,
    durationMs: Math.round(performance.now() - started),
  };
}
