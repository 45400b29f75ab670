// The one error every call throws.

/** The message of the ApiError thrown when the server cannot be reached at all (status 0). */
export const NETWORK_ERROR_MESSAGE = 'Network error: could not reach the shop';

/**
 * Thrown by every call that does not get a 2xx JSON answer.
 * `message` is the server's `{ message }`, `status` the HTTP status (0 when the server could not be reached)
 * and `body` the parsed answer (the raw text when it was not JSON).
 *
 * @example if (err instanceof ApiError && err.status === 401) logout();
 */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;

  constructor(message: string, status: number, body?: unknown, options?: ErrorOptions) {
    super(message, options);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}
