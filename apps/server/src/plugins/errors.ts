/** One error handler: every non-2xx answer is `{ message }`; a 5xx never shows internals. */
import fp from 'fastify-plugin';
import type { FastifyError } from 'fastify';
import { isDatabaseUnavailable } from '../db/client.js';
import { isTransactionConflict } from '../db/transaction.js';
import { HttpError } from '../lib/http-errors.js';
import { describeValidation } from './validation.js';

const SERVER_ERROR_MESSAGE = 'Something went wrong on our side, please try again';
export const UNAVAILABLE_MESSAGE = 'The shop is busy or briefly unavailable, please try again in a moment';
const TOO_LARGE_MESSAGE = 'What you sent is too large';
/** Seconds a client should wait before trying again after a 503. */
export const RETRY_AFTER_SECONDS = 5;

export default fp(
  async (app) => {
    app.setErrorHandler((err: FastifyError, request, reply) => {
      let status = err.statusCode && err.statusCode >= 400 && err.statusCode < 600 ? err.statusCode : 500;
      let message = err.message;
      if (err.validation) {
        status = 400;
        // e.g. "Price is required", "Email must be a valid email address": names the field that is wrong.
        message = describeValidation(err.validation, err.validationContext);
      } else if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError) {
        status = 400;
        message = 'The request body is not valid JSON';
      } else if (err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
        message = 'The request body is empty';
      } else if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || status === 413) {
        status = 413;
        message = TOO_LARGE_MESSAGE;
        // Close the connection with the answer: otherwise Node reads (and throws away) the rest of the refused
        // body to keep the socket alive, megabytes per request that a flood turns into memory and CPU.
        void reply.header('connection', 'close');
      } else if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
        message = 'Please send the request as JSON';
      } else if (status >= 500 && isDatabaseUnavailable(err)) {
        // The database is stopped, restarting or frozen: say so quickly and let the client retry.
        request.log.warn({ err }, 'database unavailable');
        return reply.status(503).header('retry-after', String(RETRY_AFTER_SECONDS)).send({ message: UNAVAILABLE_MESSAGE });
      } else if (isTransactionConflict(err)) {
        // A deadlock or serialization failure still there after its retries (db/transaction.ts): nothing was
        // written, and the same request again is safe.
        request.log.warn({ err }, 'transaction conflict after retries');
        return reply.status(503).header('retry-after', String(RETRY_AFTER_SECONDS)).send({ message: UNAVAILABLE_MESSAGE });
      }
      if (err instanceof HttpError) {
        // Thrown on purpose: its message is meant for the user, whatever the status.
        if (err.retryAfterSeconds !== undefined) void reply.header('retry-after', String(err.retryAfterSeconds));
        if (status >= 500) request.log.warn({ err }, 'request refused');
        return reply.status(status).send({ ...err.fields, message });
      }
      if (status >= 500) {
        request.log.error({ err }, 'request failed');
        message = SERVER_ERROR_MESSAGE;
      }
      return reply.status(status).send({ message });
    });
  },
  { name: 'errors' },
);
