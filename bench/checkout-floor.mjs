#!/usr/bin/env node
/**
 * The checkout yardstick: the least a checkout can cost on this machine. A bare Fastify 5 on PORT (no plugins, no
 * logger, no auth, validation or mail) with the same three calls as the shop's checkout, each doing only its
 * essential statements on the same kind of database:
 *   POST /orders  one transaction: take a unit from ONE hot stock row, insert the order (4 statements);
 *   POST /pay     read the order (1);
 *   POST /verify  one transaction: mark it paid (3).
 * checkout.mjs drives it with the same 16 shoppers as the shop, on PostgreSQL (DATABASE_URL) or PGlite (PGLITE_DIR).
 */
import { randomUUID } from 'node:crypto';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const fromServer = (path) => import(pathToFileURL(join(here, '..', 'apps', 'server', 'node_modules', path)).href);
const { default: Fastify } = await fromServer('fastify/fastify.js');

/** `query(text, params)` and `transaction(fn)` over either driver. */
async function openDatabase() {
  if (process.env.DATABASE_URL) {
    const { default: pg } = await fromServer('pg/lib/index.js');
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
    return {
      query: (text, params) => pool.query(text, params),
      async transaction(fn) {
        const client = await pool.connect();
        try {
          await client.query('begin');
          const result = await fn((text, params) => client.query(text, params));
          await client.query('commit');
          return result;
        } catch (err) {
          await client.query('rollback');
          throw err;
        } finally {
          client.release();
        }
      },
      close: () => pool.end(),
    };
  }
  const { PGlite } = await fromServer('@electric-sql/pglite/dist/index.js');
  const db = await PGlite.create(process.env.PGLITE_DIR);
  return {
    query: (text, params) => db.query(text, params),
    transaction: (fn) => db.transaction((tx) => fn((text, params) => tx.query(text, params))),
    close: () => db.close(),
  };
}

const db = await openDatabase();
await db.query('create table if not exists floor_stock (id int primary key, units int not null)');
await db.query('create table if not exists floor_orders (id uuid primary key, state text not null)');
await db.query('insert into floor_stock values (1, 100000000) on conflict (id) do update set units = 100000000');

const app = Fastify();
app.get('/ready', async () => ({ ready: true }));
app.post('/orders', async (_request, reply) => {
  const id = randomUUID();
  const taken = await db.transaction(async (query) => {
    const { rows } = await query('update floor_stock set units = units - 1 where id = 1 and units >= 1 returning units');
    if (rows.length === 0) return false;
    await query("insert into floor_orders (id, state) values ($1, 'pending')", [id]);
    return true;
  });
  return taken ? { order_id: id } : reply.status(409).send({ message: 'out of stock' });
});
app.post('/pay', async (request) => {
  const { rows } = await db.query('select state from floor_orders where id = $1', [request.body.order_id]);
  return { order_id: request.body.order_id, paid: rows[0]?.state === 'paid' };
});
app.post('/verify', async (request) => {
  await db.transaction((query) => query("update floor_orders set state = 'paid' where id = $1 and state = 'pending'", [request.body.order_id]));
  return { success: true };
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => app.close().then(() => db.close()).then(() => process.exit(0)));
