/**
 * openDatabase on PGlite hands drizzle a client that leaves drizzle's per-query `parsers` off (PGlite copies its
 * whole parser table for any query that brings some) and gives the instance the same ones instead. These tests hold
 * that the per-query parsers no longer reach PGlite and that every value reads exactly as with drizzle on a bare
 * PGlite, which is how it read before.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { sql } from 'drizzle-orm';
import { date, integer, interval, numeric, pgTable, timestamp, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { openDatabase, type Database } from './client.js';

import type { QueryOptions, Transaction } from '@electric-sql/pglite';

/** Every type drizzle's PGlite session reads as text, and the array types, with a value PGlite's own parsers would change. */
const sample = pgTable('client_test_sample', {
  id: integer('id').primaryKey(),
  at: timestamp('at', { withTimezone: true }).notNull(),
  atText: timestamp('at_text', { withTimezone: true, mode: 'string' }).notNull(),
  local: timestamp('local').notNull(),
  day: date('day').notNull(),
  dayDate: date('day_date', { mode: 'date' }).notNull(),
  span: interval('span').notNull(),
  amount: numeric('amount').notNull(),
  ats: timestamp('ats', { withTimezone: true, mode: 'string' }).array().notNull(),
  locals: timestamp('locals', { mode: 'string' }).array().notNull(),
  days: date('days').array().notNull(),
  spans: interval('spans').array().notNull(),
  amounts: numeric('amounts').array().notNull(),
});

const CREATE = sql`CREATE TABLE client_test_sample (
  id int PRIMARY KEY, at timestamptz NOT NULL, at_text timestamptz NOT NULL, local timestamp NOT NULL, day date NOT NULL,
  day_date date NOT NULL, span interval NOT NULL, amount numeric NOT NULL, ats timestamptz[] NOT NULL,
  locals timestamp[] NOT NULL, days date[] NOT NULL, spans interval[] NOT NULL, amounts numeric[] NOT NULL)`;
const INSERT = sql`INSERT INTO client_test_sample VALUES
  (1, '2024-02-29 23:59:58.123456+05:30', '2024-02-29 23:59:58.123456+05:30', '2024-02-29 12:34:56.789', '2024-02-29',
   '2024-02-29', '1 year 2 mons 3 days 04:05:06.7', '12345678901234567890.0100',
   ARRAY['2024-01-01 00:00:00+00', '1999-12-31 23:59:59.5-08']::timestamptz[],
   ARRAY['2024-01-01 00:00:00', '2024-06-30 12:00:00.25']::timestamp[], ARRAY['2024-01-01', '0099-12-31']::date[],
   ARRAY['1 day', '-00:00:01']::interval[], ARRAY[1.50, 2, -0.000001]::numeric[])`;
/** The same columns read without drizzle's mapping, as PGlite hands them over. */
const RAW = sql`SELECT * FROM client_test_sample ORDER BY id`;

type PgliteQuery = (text: string, params?: unknown[], options?: QueryOptions) => Promise<unknown>;

let database: Database;
let client: PGlite;
/** Today's reference: drizzle on a bare PGlite, passing its per-query parsers as it always did. */
let bare: PGlite;
let reference: ReturnType<typeof drizzle>;

beforeAll(async () => {
  database = await openDatabase({});
  client = (database.db as unknown as { $client: PGlite }).$client;
  bare = await PGlite.create();
  reference = drizzle(bare);
  for (const db of [database.db, reference]) {
    await db.execute(CREATE);
    await db.execute(INSERT);
  }
});

afterAll(async () => {
  await database?.close();
  await bare?.close();
});

/** The sample read every way: selected and executed, then both again in a transaction, and selected in a nested one. */
async function readSample<TSchema extends Record<string, unknown>>(db: PgDatabase<PgQueryResultHKT, TSchema>) {
  return {
    select: await db.select().from(sample),
    execute: await db.execute(RAW),
    inTransaction: await db.transaction(async (tx) => ({
      select: await tx.select().from(sample),
      execute: await tx.execute(RAW),
      nested: await tx.transaction(async (nested) => nested.select().from(sample)),
    })),
  };
}

/** Runs `fn` with spies on the `query` of the PGlite instance and of every transaction handle PGlite hands out. */
async function recordQueries(pglite: PGlite, fn: () => Promise<unknown>): Promise<Array<QueryOptions | undefined>> {
  const options: Array<QueryOptions | undefined> = [];
  const record = (target: { query: PgliteQuery }) => {
    const query = target.query.bind(target);
    return vi.spyOn(target, 'query').mockImplementation(((text, params, opts) => {
      options.push(opts);
      return query(text, params, opts);
    }) as PgliteQuery as never);
  };
  const onInstance = record(pglite);
  const transaction = pglite.transaction.bind(pglite);
  const onTransaction = vi.spyOn(pglite, 'transaction').mockImplementation(((fn: (tx: Transaction) => Promise<unknown>) =>
    transaction((tx) => {
      record(tx);
      return fn(tx);
    })) as never);
  try {
    await fn();
  } finally {
    onInstance.mockRestore();
    onTransaction.mockRestore();
  }
  return options;
}

describe('openDatabase on PGlite', () => {
  it('sends drizzle statements to PGlite without per-query parsers, keeping their rowMode, in and out of transactions', async () => {
    const { db } = database;
    const options = await recordQueries(client, async () => {
      await db.select().from(sample);
      await db.execute(RAW);
      await db.transaction(async (tx) => {
        await tx.select().from(sample);
        await tx.execute(RAW);
        await tx.transaction(async (nested) => {
          await nested.select().from(sample);
        });
      });
    });
    // select, execute; in the transaction: select, execute, savepoint, select, release.
    expect(options).toHaveLength(7);
    for (const opts of options) expect(opts).not.toHaveProperty('parsers');
    expect(options.map((opts) => opts?.rowMode)).toEqual(['array', 'object', 'array', 'object', 'object', 'array', 'object']);
  });

  it('gives the PGlite instance an identity parser for every type drizzle passes one for', async () => {
    // What drizzle passes per query, read off its calls on the bare PGlite.
    const options = await recordQueries(bare, async () => {
      await reference.select().from(sample);
      await reference.execute(RAW);
    });
    const perQuery = options.map((opts) => opts?.parsers ?? {});
    expect(Object.keys(perQuery[0]!).length).toBeGreaterThan(0);
    // Array-shaped text, which PGlite's own array parsers would split.
    const text = '{1,2}';
    for (const parsers of perQuery) {
      for (const [oid, parse] of Object.entries(parsers)) {
        expect(parse(text, Number(oid))).toBe(text);
        expect(client.parsers[oid]?.(text, Number(oid)), `type ${oid}`).toBe(text);
      }
    }
  });

  it('reads timestamps, dates, intervals, numerics and their arrays exactly as drizzle on a bare PGlite does', async () => {
    const expected = await readSample(reference);
    const actual = await readSample(database.db);
    expect(actual).toStrictEqual(expected);

    // Spelled out, so a change on both sides (a drizzle or PGlite upgrade) shows too.
    expect(actual.select).toStrictEqual([
      {
        id: 1,
        at: new Date('2024-02-29T18:29:58.123Z'),
        atText: '2024-02-29 18:29:58.123456+00',
        local: new Date('2024-02-29T12:34:56.789Z'),
        day: '2024-02-29',
        dayDate: new Date('2024-02-29T00:00:00.000Z'),
        span: '1 year 2 mons 3 days 04:05:06.7',
        amount: '12345678901234567890.0100',
        ats: ['2024-01-01 00:00:00+00', '2000-01-01 07:59:59.5+00'],
        locals: ['2024-01-01 00:00:00', '2024-06-30 12:00:00.25'],
        days: ['2024-01-01', '0099-12-31'],
        spans: ['1 day', '-00:00:01'],
        amounts: ['1.50', '2', '-0.000001'],
      },
    ]);
    expect((actual.execute as unknown as { rows: unknown[] }).rows).toStrictEqual([
      {
        id: 1,
        at: '2024-02-29 18:29:58.123456+00',
        at_text: '2024-02-29 18:29:58.123456+00',
        local: '2024-02-29 12:34:56.789',
        day: '2024-02-29',
        day_date: '2024-02-29',
        span: '1 year 2 mons 3 days 04:05:06.7',
        amount: '12345678901234567890.0100',
        ats: '{"2024-01-01 00:00:00+00","2000-01-01 07:59:59.5+00"}',
        locals: '{"2024-01-01 00:00:00","2024-06-30 12:00:00.25"}',
        days: '{2024-01-01,0099-12-31}',
        spans: '{"1 day",-00:00:01}',
        amounts: '{1.50,2,-0.000001}',
      },
    ]);
  });
});
