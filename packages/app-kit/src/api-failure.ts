/** What a failed call leaves in the query cache, for both apps. */
import type { ApiError } from '@shop/api-client';

/** The server's message and HTTP status (0: the shop could not be reached), and its body when it sent one. */
export interface ApiFailure {
  status: number;
  message: string;
  body?: unknown;
}

/**
 * The api-client's ApiError, known by its name and status rather than `instanceof`: the client is loaded after the
 * app's entry (see the storefront's store), so this module must not import it.
 */
function isApiError(error: unknown): error is ApiError {
  return error instanceof Error && error.name === 'ApiError' && typeof (error as ApiError).status === 'number';
}

/** Turns what a client call threw into an ApiFailure. */
export function toFailure(error: unknown): ApiFailure {
  if (isApiError(error)) return { status: error.status, message: error.message, body: error.body };
  return { status: 0, message: error instanceof Error ? error.message : 'Something went wrong' };
}

/** An RTK Query error (or what `unwrap()` threw) as an ApiFailure; anything else as an unknown failure. */
export function asFailure(error: unknown): ApiFailure {
  if (typeof error === 'object' && error !== null && 'status' in error && 'message' in error) {
    const { status, message } = error as { status: unknown; message: unknown };
    if (typeof status === 'number' && typeof message === 'string') return error as ApiFailure;
  }
  return toFailure(error);
}

/** The message to show for a failed call or a thrown `unwrap()`. */
export function failureMessage(error: unknown): string {
  return asFailure(error).message;
}

/**
 * True when a load failed because the thing is not there (404), as opposed to the shop being unreachable or
 * failing (0, 5xx), where the page should say so and offer a retry instead of "not found".
 */
export function isNotFound(error: unknown): boolean {
  return error !== undefined && asFailure(error).status === 404;
}
