import type { AppRequest } from '@switchboard/contract';
import {
  createOutboundHttp,
  OutboundRequestError,
  type OutboundResponse,
} from '../../platform/outbound-http';

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

export interface SendOptions {
  /** Loopback and private networks are refused unless allowed (development and tests). */
  allowPrivateNetwork: boolean;
  timeoutMs: number;
  /** The largest answer read, in bytes; the rest is cut. */
  maxResponseBytes?: number;
  signal?: AbortSignal | undefined;
}

export interface AppResponse {
  status: number;
  ok: boolean;
  /** The parsed JSON answer, or the text when it is not JSON. */
  body: unknown;
  durationMs: number;
}

function problemSentence(error: OutboundRequestError, url: URL, timeoutMs: number): string {
  switch (error.code) {
    case 'REFUSED':
      return `The app’s address is not on the public internet (${error.message}).`;
    case 'HOST_NOT_FOUND':
      return `The app’s host ${url.hostname} could not be found.`;
    case 'TIMEOUT':
      return `The app did not answer within ${timeoutMs / 1000} s.`;
    case 'CANCELLED':
      return 'The request was cancelled.';
    default:
      return `The app could not be reached (${error.message}).`;
  }
}

/**
 * Sends a built request through the outbound client: the address is checked, redirects are answered as they are
 * (an app calls its final address). Failures and refusals throw AppRequestError with a sentence for people.
 */
export async function sendRequest(built: BuiltRequest, options: SendOptions): Promise<AppResponse> {
  const client = createOutboundHttp({ allowPrivateNetwork: options.allowPrivateNetwork });
  let response: OutboundResponse;
  try {
    response = await client.request({
      url: built.url,
      method: built.method,
      headers: built.headers,
      body: built.body,
      timeoutMs: options.timeoutMs,
      maxBytes: options.maxResponseBytes ?? 256 * 1024,
      signal: options.signal,
    });
  } catch (error) {
    throw new AppRequestError(
      error instanceof OutboundRequestError
        ? problemSentence(error, built.url, options.timeoutMs)
        : `The app could not be reached (${(error as Error).message}).`,
    );
  }
  const text = response.body.toString('utf8');
  let body: unknown = text;
  if (text.trim() !== '') {
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
  }
  return { status: response.status, ok: response.ok, body, durationMs: response.durationMs };
}
