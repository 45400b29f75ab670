/**
 * The one error type of the server: a service or route throws it, the central handler (plugins/errors.ts) answers
 * `{ message }` with its status. Its message is meant for the user and always reaches the client, 5xx included
 * (502 "payment provider unreachable", 503 "try again"); any other error's text stays hidden behind a generic 500.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** Seconds the client should wait before trying again: sent as Retry-After. */
    readonly retryAfterSeconds?: number,
    /** Fields answered beside `message` (payment verification's `success: false`). */
    readonly fields?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = 'Please log in to continue') => new HttpError(401, message);
export const paymentRequired = (message: string) => new HttpError(402, message);
export const forbidden = (message = 'You do not have access to this') => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const tooManyRequests = (message = 'Too many requests, please try again in a minute', retryAfterSeconds?: number) =>
  new HttpError(429, message, retryAfterSeconds);
export const badGateway = (message: string) => new HttpError(502, message);
export const serviceUnavailable = (message: string, retryAfterSeconds?: number) => new HttpError(503, message, retryAfterSeconds);

/** PostgreSQL's unique_violation, seen through drizzle/pg/PGlite error wrappers. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | undefined;
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/** PostgreSQL's foreign_key_violation. */
export function isForeignKeyViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | undefined;
  return e?.code === '23503' || e?.cause?.code === '23503';
}
