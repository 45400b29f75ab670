/** The mail outbox (lib/mail-outbox.ts) as `app.mailOutbox`: sending while the app is up, stopped when it closes. */
import fp from 'fastify-plugin';
import { createMailOutbox, type MailOutbox } from '../lib/mail-outbox.js';

declare module 'fastify' {
  interface FastifyInstance {
    mailOutbox: MailOutbox;
  }
}

export default fp(
  async (app) => {
    const { db, mailer, now } = app.deps;
    // Every request the HTTP server receives, those the read model answers before Fastify included.
    let requests = 0;
    app.server.on('request', () => {
      requests++;
    });
    const outbox = createMailOutbox({ db, mailer, now, log: app.log, requestsReceived: () => requests });
    app.decorate('mailOutbox', outbox);
    app.addHook('onReady', async () => outbox.start());
    app.addHook('onClose', async () => outbox.stop());
  },
  { name: 'mail-outbox', dependencies: ['deps'] },
);
