import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorBody, ErrorCode } from '@switchboard/contract';
import { AppError } from '../platform/app-error';

const codeForStatus: Partial<Record<number, ErrorCode>> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  413: 'PAYLOAD_TOO_LARGE',
  414: 'URI_TOO_LONG',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  431: 'HEADERS_TOO_LARGE',
  503: 'UNAVAILABLE',
};

/** Friendlier words for the framework's own request errors (bad JSON, wrong content type, too large). */
const frameworkMessages: Partial<Record<string, string>> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This content type is not accepted here; send application/json',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The Content-Length header does not match the body',
};

export const errorBody = (code: ErrorCode, message: string): ErrorBody => ({ success: false, code, message });

/** Maps every error once: AppError by its code, the framework's 4xx by status, anything else to a logged 500. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.error({ err: error }, error.message);
      if (error.headers) void reply.headers(error.headers);
      return reply
        .code(error.status)
        .send({ ...errorBody(error.code, error.message), ...(error.details ?? {}) });
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      const message =
        frameworkMessages[error.code] ??
        (error instanceof SyntaxError || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY'
          ? `The request body is not valid JSON: ${error.message}`
          : error.message);
      return reply.code(status).send(errorBody(codeForStatus[status] ?? 'BAD_REQUEST', message));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .code(500)
      .send(errorBody('INTERNAL', 'Something went wrong on our side; it has been logged'));
  });
}

/**
 * Path parameters the router passes on, in characters: above Node's 16 KB limit on the request line and headers,
 * so the router never cuts one short and the contract's own maximum names the field in a 400.
 */
export const maxPathParamLength = 16_384;

/** The router's own refusals (a path that is not valid percent-encoding, an over-long parameter), in the error shape. */
export function answerFrameworkError(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void reply
      .code(414)
      .send(errorBody('URI_TOO_LONG', `A path parameter is longer than ${maxPathParamLength} characters`));
    return;
  }
  const status = typeof error.statusCode === 'number' && error.statusCode < 500 ? error.statusCode : 400;
  const message =
    error.code === 'FST_ERR_BAD_URL'
      ? 'The path is not valid: a parameter is not valid percent-encoding'
      : 'The request could not be routed';
  void reply.code(status).send(errorBody(codeForStatus[status] ?? 'BAD_REQUEST', message));
}

/**
 * Requests Node refuses before the router sees them (a request line and headers over its limit, which a long query
 * string reaches first; a malformed request), answered in the error shape rather than a bare status.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code, message]: [number, ErrorCode, string] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [
          431,
          'HEADERS_TOO_LARGE',
          'The address and headers are longer than 16 KB; send long values in a POST body',
        ]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'BAD_REQUEST', 'The request took too long to arrive']
        : [400, 'BAD_REQUEST', 'The request is not valid HTTP'];
  const body = JSON.stringify(errorBody(code, message));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${status === 431 ? 'Request Header Fields Too Large' : status === 408 ? 'Request Timeout' : 'Bad Request'}\r\n` +
        `Connection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
