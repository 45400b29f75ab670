/** Response schemas every route shares. Error bodies are `{ message }` (ErrorResponse, registered in app.ts). */
export const ERROR_SCHEMA = { $ref: 'ErrorResponse#' } as const;

/** Spread into a route's `response` so every 4xx answer is serialised as `{ message }`. */
export const ERROR_RESPONSES = { '4xx': ERROR_SCHEMA } as const;

/** A route's `response` when it answers `ok` (200) or an error: `{ 200: ok, ...ERROR_RESPONSES }`. */
export const okOrError = <T>(ok: T) => ({ 200: ok, ...ERROR_RESPONSES });
