import pino, { type DestinationStream, type Logger } from 'pino';

/** Credentials that must never reach a log line, in objects or in query strings. */
export const secretNames = [
  'token',
  'adminToken',
  'authToken',
  'oneTimeToken',
  'tempUserToken',
  'password',
] as const;

const secretQuery = new RegExp(`([?&](?:${secretNames.join('|')})=)[^&#]*`, 'gi');

/** Replaces secret query values in a URL with [redacted]. */
export function redactUrl(url: string): string {
  return url.replace(secretQuery, '$1[redacted]');
}

const headerNames = ['authorization', 'Authorization', 'cookie', 'Cookie'];
const redactPaths = [
  ...[...secretNames, ...headerNames].flatMap((name) => [name, `*.${name}`, `*.*.${name}`]),
  ...headerNames.map((name) => `req.headers.${name}`),
];

interface RequestLike {
  id?: unknown;
  method?: string;
  url?: string;
  ip?: string;
  headers?: Record<string, unknown>;
}

export function createLogger(
  options: { level: string; pretty?: boolean },
  destination?: DestinationStream,
): Logger {
  return pino(
    {
      level: options.level,
      redact: { paths: redactPaths, censor: '[redacted]' },
      serializers: {
        req: (req: RequestLike) => ({
          method: req.method,
          url: req.url === undefined ? undefined : redactUrl(req.url),
          ip: req.ip,
          userAgent: req.headers?.['user-agent'],
        }),
        res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
        err: pino.stdSerializers.err,
      },
      ...(options.pretty && !destination
        ? {
            transport: {
              target: 'pino-pretty',
              options: { translateTime: 'HH:MM:ss.l', ignore: 'pid,hostname' },
            },
          }
        : {}),
    },
    destination,
  );
}
