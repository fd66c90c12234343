import type { FastifyError, FastifyInstance } from 'fastify';
import type { ErrorBody, ErrorCode } from '@switchboard/contract';
import { AppError } from '../platform/app-error';

const codeForStatus: Partial<Record<number, ErrorCode>> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
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
