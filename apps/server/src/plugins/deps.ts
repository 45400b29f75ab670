/** Makes the app's dependencies (config, database, mailer, storage, ...) reachable as `app.deps`. */
import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import type { Mailer } from '../lib/mailer.js';
import type { Storage } from '../lib/storage.js';

export interface Deps {
  config: Config;
  db: Db;
  mailer: Mailer;
  storage: Storage;
  /** The clock; tests move it to expire tokens and reservations. */
  now: () => Date;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
  }
}

export default fp(async (app, deps: Deps) => {
  app.decorate('deps', deps);
}, { name: 'deps' });
