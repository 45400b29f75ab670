/**
 * The whole of a JSON request within `requestTimeouts.jsonMs` (30 s by default). Node's own timeouts, set on the
 * server in app.ts, bound the headers (60 s) and every request, uploads included (120 s); this hook cuts a JSON
 * route's body sooner, since 64 KB take well under a second on any network a shopper has. A client that drips
 * its body (a byte every few seconds) gets 408 and its connection closed, as Node answers for its own timeouts.
 */
import fp from 'fastify-plugin';

export const REQUEST_TIMEOUT_MESSAGE = 'The request took too long to arrive; please try again';

export default fp(
  async (app, { jsonMs, uploadBodyLimit }: { jsonMs: number; uploadBodyLimit: number }) => {
    app.addHook('onRequest', (request, reply, done) => {
      const raw = request.raw;
      // A request without a body is complete once its headers are in; an upload route has Node's longer timeout.
      if (raw.complete || request.routeOptions.bodyLimit >= uploadBodyLimit) return done();
      const timer = setTimeout(() => {
        if (raw.complete || reply.sent) return;
        request.log.warn({ timeoutMs: jsonMs }, 'request body too slow; closing the connection');
        // Answered here rather than through Fastify, whose body parser is still waiting for the rest of the body.
        reply.hijack();
        const body = JSON.stringify({ message: REQUEST_TIMEOUT_MESSAGE });
        reply.raw.writeHead(408, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body), connection: 'close' });
        reply.raw.end(body, () => raw.socket.destroy());
      }, jsonMs);
      timer.unref();
      raw.once('end', () => clearTimeout(timer));
      raw.once('close', () => clearTimeout(timer));
      done();
    });
    // An answer given before the body is in (401, 413, ...) closes the connection: the rest of the body is not wanted,
    // and a client still dripping it would otherwise hold the socket until the whole-request timeout.
    app.addHook('onSend', async (request, reply) => {
      if (!request.raw.complete) reply.header('connection', 'close');
    });
  },
  { name: 'request-timeouts' },
);
