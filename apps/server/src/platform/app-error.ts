import { errorStatus, type ErrorCode } from '@switchboard/contract';

/** The one error type services throw; the HTTP layer maps its code to a status and `{ success:false, code, message }`. */
export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
    this.status = errorStatus[code];
  }
}

export const isAppError = (error: unknown): error is AppError => error instanceof AppError;
