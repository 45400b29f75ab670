/** Makes the app's dependencies (config, database, mailer, storage, ...) reachable as `app.deps`. */
import fp from 'fastify-plugin';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import type { MailOutbox } from '../lib/mail-outbox.js';
import type { Mailer } from '../lib/mailer.js';
import type { PaymentProvider } from '../lib/payments/provider.js';
import type { Storage } from '../lib/storage.js';

export interface Deps {
  config: Config;
  db: Db;
  mailer: Mailer;
  storage: Storage;
  /** The clock; tests move it to expire tokens and reservations. */
  now: () => Date;
  log: FastifyBaseLogger;
  /** Mails written in a transaction and sent after it (lib/mail-outbox.ts). */
  outbox: MailOutbox;
  /** The payment provider chosen by PAYMENT_PROVIDER. */
  payments: PaymentProvider;
}

/** What the deps plugin is given; the log, the outbox and the payment provider join `app.deps` once their plugins made them (app.ts). */
export type BaseDeps = Omit<Deps, 'log' | 'outbox' | 'payments'>;

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
  }
}

export default fp(async (app, deps: BaseDeps) => {
  app.decorate('deps', deps as Deps);
}, { name: 'deps' });
