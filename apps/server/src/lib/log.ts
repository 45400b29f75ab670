/**
 * The server's logger options: log lines never carry passwords, hashes, tokens, secrets or the parameters
 * of a failed SQL statement (which hold a new account's email and password hash, a reset token...).
 */
import type { FastifyServerOptions } from 'fastify';

/** Where log lines go instead of stdout (tests capture them). */
export interface LogStream {
  write(line: string): void;
}

/** Fields masked wherever a log call puts them (top level or one object down) and in request headers. */
const SECRET_KEYS = [
  'password',
  'newPassword',
  'passwordHash',
  'password_hash',
  'token',
  'secret_key',
  'secretKey',
  'jwtSecret',
  'razorpay_signature',
  'authorization',
  'cookie',
];
/**
 * Masked by pino's redact. Only exact paths: a `*.key` wildcard path makes pino run redaction over the bindings of
 * every child logger, and Fastify makes one per request (3.4 µs each with wildcards, 0.85 µs without, measured).
 * Secrets one level down are masked by maskNestedSecrets, which runs only when a line is written.
 */
const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  ...SECRET_KEYS,
];

/** A log line's fields with any secret one object down (`{ body: { password } }`) replaced by `[redacted]`. */
export function maskNestedSecrets(fields: Record<string, unknown>): Record<string, unknown> {
  let out = fields;
  for (const [name, value] of Object.entries(fields)) {
    if (value === null || typeof value !== 'object' || Array.isArray(value) || value instanceof Error) continue;
    const secrets = SECRET_KEYS.filter((key) => Object.hasOwn(value, key));
    if (secrets.length === 0) continue;
    if (out === fields) out = { ...fields };
    out[name] = { ...value, ...Object.fromEntries(secrets.map((key) => [key, '[redacted]'])) };
  }
  return out;
}

/** Secrets in a path: /api/auth/verify-email/<token>, the storefront's /change-password/<token>, ?token=... */
export function maskUrl(url: string): string {
  return url
    .replace(/\/(verify-email|reset-password|change-password|reset)\/[^/?#]+/gi, '/$1/[redacted]')
    .replace(/([?&](?:token|key|signature)=)[^&#]*/gi, '$1[redacted]');
}

interface LoggedError {
  type: string;
  message: string;
  stack?: string;
  code?: string;
  cause?: LoggedError;
  [key: string]: unknown;
}

/** PostgreSQL error fields that describe what failed without repeating the values involved. */
const SAFE_PG_FIELDS = ['severity', 'schema', 'table', 'column', 'constraint', 'routine', 'statusCode'] as const;

/**
 * An error as logged: type, message, code, stack and cause, with drizzle's "params: ..." cut from the
 * message and pg's `detail` ("Key (email)=(a@b.c) already exists") and `where` left out.
 */
function serializeError(err: unknown, depth = 0): LoggedError | unknown {
  if (!(err instanceof Error) || depth > 4) return err;
  const e = err as Error & Record<string, unknown>;
  const out: LoggedError = {
    type: e.constructor?.name ?? 'Error',
    message: e.message.replace(/\nparams: [\s\S]*$/, ''),
    stack: e.stack?.replace(/\nparams: [\s\S]*?(\n\s+at |$)/, '$1'),
  };
  if (typeof e.code === 'string') out.code = e.code;
  for (const field of SAFE_PG_FIELDS) if (e[field] !== undefined) out[field] = e[field];
  if (e.cause !== undefined) out.cause = serializeError(e.cause, depth + 1) as LoggedError;
  return out;
}

export function loggerOptions(level: string, stream?: LogStream): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    formatters: { log: maskNestedSecrets },
    serializers: {
      err: serializeError as never,
      error: serializeError as never,
      req: (req: { method: string; url: string; host?: string; ip?: string; socket?: { remotePort?: number } }) => ({
        method: req.method,
        url: maskUrl(req.url),
        host: req.host,
        remoteAddress: req.ip,
      }),
    },
  };
}
