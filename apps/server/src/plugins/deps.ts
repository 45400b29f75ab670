/**
 * `Deps`: everything a service may need, in one type. A module's service takes a `Pick` of it
 * (`createXService(deps: XDeps)`, see docs/server-conventions.md) and is built once, in services.ts.
 *
 * buildApp is handed the first five (`AppInputs`); app.ts makes the rest (the logger, the rate-limit counters, the mail
 * outbox, the payment provider) with its plugins before it builds the services. `app.deps` holds the inputs for the
 * plugins and routes that read configuration.
 */
import fp from 'fastify-plugin';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import type { Counters } from '../lib/counters.js';
import type { MailOutbox } from '../lib/mail-outbox.js';
import type { Mailer } from '../lib/mailer.js';
import type { PaymentProvider } from '../lib/payments/provider.js';
import type { ReadModel } from '../lib/read-model.js';
import type { Storage } from '../lib/storage.js';

interface AppInputs {
  config: Config;
  db: Db;
  mailer: Mailer;
  storage: Storage;
  /** The clock; tests move it to expire tokens and reservations. */
  now: () => Date;
}

export interface Deps extends AppInputs {
  log: FastifyBaseLogger;
  /** Atomic counters shared by every instance (Redis) or this process (memory): the login guard's. */
  counters: Counters;
  /** Mails that must go out after the request's transaction commits. */
  outbox: MailOutbox;
  payments: PaymentProvider;
  /** What public answers and the quote keep in memory, dropped on every catalogue notice (plugins/read-model.ts). */
  readModel: ReadModel;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppInputs;
  }
}

export default fp(async (app, inputs: AppInputs) => {
  app.decorate('deps', inputs);
}, { name: 'deps' });
