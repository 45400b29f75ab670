/** One error handler: every non-2xx answer is `{ message }`; a 5xx never shows internals. */
import fp from 'fastify-plugin';
import type { FastifyError } from 'fastify';

export const SERVER_ERROR_MESSAGE = 'Something went wrong on our side, please try again';

export default fp(
  async (app) => {
    app.setErrorHandler((err: FastifyError, request, reply) => {
      let status = err.statusCode && err.statusCode >= 400 && err.statusCode < 600 ? err.statusCode : 500;
      let message = err.message;
      if (err.validation) {
        status = 400;
        // e.g. "body/email must match format "email"": names the field that is wrong.
        message = err.message;
      } else if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError) {
        status = 400;
        message = 'The request body is not valid JSON';
      } else if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
        message = 'The request body is too large';
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
