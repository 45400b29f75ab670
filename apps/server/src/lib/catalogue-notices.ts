/**
 * Hears the database's "the catalogue changed" notices (pg_notify from the triggers of
 * drizzle/0001_catalogue_notify.sql), so every instance on one database drops its read model after any write,
 * wherever the write came from: this instance, another one, a checkout, a reservation sweep, a hand-run UPDATE.
 *
 * PostgreSQL: a dedicated connection of its own (LISTEN holds a session, so not one of the pool's), reconnecting
 * after a drop; since notices sent meanwhile are lost, a reconnect counts as a notice. PGlite: its in-process
 * `listen`, which every app on the same PGlite shares.
 */
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.js';

const CATALOGUE_CHANNEL = 'shop_catalogue';
const RECONNECT_MS = 1_000;

/** Payloads that start with this are the listener's own markers (see `heard`), not catalogue writes. */
const MARKER = 'heard:';

export interface NoticeListener {
  /** Resolves once every notice of a write committed before the call has been heard. */
  heard(): Promise<void>;
  close(): Promise<void>;
}

export async function listenForCatalogueChanges(
  database: Database,
  onNotice: () => void,
  log: FastifyBaseLogger,
): Promise<NoticeListener> {
  const client = (database.db as unknown as { $client: unknown }).$client;
  if (database.kind === 'pglite') {
    // PGlite delivers a notice before the query that sent it resolves: nothing is ever in flight.
    const unlisten = await (client as PGlite).listen(CATALOGUE_CHANNEL, onNotice);
    return { heard: async () => undefined, close: () => unlisten() };
  }

  const poolOptions = (client as pg.Pool).options;
  let closed = false;
  let current: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let markers = 0;
  const waiting = new Map<string, () => void>();
  const onNotification = (msg: pg.Notification) => {
    if (msg.payload?.startsWith(MARKER)) {
      waiting.get(msg.payload)?.();
      waiting.delete(msg.payload);
      return;
    }
    onNotice();
  };

  const connect = async (): Promise<void> => {
    const listener = new pg.Client({ ...poolOptions, application_name: 'shop-catalogue-listener' } as pg.ClientConfig);
    listener.on('notification', onNotification);
    listener.on('error', (err) => {
      log.warn({ err }, 'catalogue notice connection failed; reconnecting');
      scheduleReconnect(listener);
    });
    listener.on('end', () => scheduleReconnect(listener));
    await listener.connect();
    await listener.query(`LISTEN ${CATALOGUE_CHANNEL}`);
    if (closed) {
      await listener.end().catch(() => undefined);
      return;
    }
    current = listener;
  };

  const scheduleReconnect = (failed: pg.Client) => {
    if (closed || retry || (current && current !== failed)) return;
    current = undefined;
    failed.removeAllListeners('end');
    void failed.end().catch(() => undefined);
    retry = setTimeout(() => {
      retry = undefined;
      connect().then(
        // Whatever changed while nobody listened is unknown: drop everything.
        () => onNotice(),
        (err: unknown) => {
          log.warn({ err }, 'catalogue notice connection could not reconnect; trying again');
          scheduleReconnect(failed);
        },
      );
    }, RECONNECT_MS);
    retry.unref();
  };

  await connect();
  // One query at a time on the listening connection (pg 9 refuses a query while another runs; tests call heard()
  // from concurrent requests).
  let sending: Promise<unknown> = Promise.resolve();
  return {
    // Notices arrive in commit order on one connection: once our own marker comes back, all earlier ones have.
    async heard() {
      if (!current) return;
      const payload = `${MARKER}${++markers}`;
      const arrived = new Promise<void>((resolve) => waiting.set(payload, resolve));
      const sent = sending.then(() => current?.query('SELECT pg_notify($1, $2)', [CATALOGUE_CHANNEL, payload]));
      sending = sent.catch(() => undefined);
      await sent;
      await arrived;
    },
    async close() {
      for (const resolve of waiting.values()) resolve();
      closed = true;
      if (retry) clearTimeout(retry);
      const listener = current;
      current = undefined;
      if (listener) {
        listener.removeAllListeners('end');
        await listener.end().catch(() => undefined);
      }
    },
  };
}
