import { errorStatus, type ErrorCode } from '@switchboard/contract';

/** The one error type services throw; the HTTP layer maps its code to a status and `{ success:false, code, message }`. */
export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
    /** Response headers the answer carries (Retry-After on a 429). */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
    this.status = errorStatus[code];
  }
}

/** A 429 saying when a try would be accepted again: Retry-After in whole seconds, at least 1. */
export function rateLimited(message: string, retryAfterSeconds: number): AppError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return new AppError('RATE_LIMITED', message, undefined, { 'retry-after': String(seconds) });
}

export const isAppError = (error: unknown): error is AppError => error instanceof AppError;
