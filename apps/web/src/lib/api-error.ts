import type { ErrorCode } from '@switchboard/contract';

/**
 * The server's error code; `UNKNOWN` when an error answer has no `{ success: false, code }` body, and
 * `INVALID_RESPONSE` when a success answer does not match the contract.
 */
export type ApiErrorCode = ErrorCode | 'UNKNOWN' | 'INVALID_RESPONSE';

export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly code: ApiErrorCode,
    message: string,
  ) {
    super(message);
  }
}
