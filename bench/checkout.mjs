#!/usr/bin/env node
/**
 * Checkout under contention: figures, not a verdict.
 *
 * Starts the built server (apps/server/dist/main.js) on a free 127.0.0.1 port with a temporary DATA_DIR
 * (PGlite), and again on a fresh throwaway database when BENCH_DATABASE_URL names a PostgreSQL server. Each time:
 *   1. throughput: C shoppers at once, each looping create order -> sandbox pay -> verify of a two-size cart of ONE
 *      product (two hot stock rows), for BENCH_SECONDS or BENCH_CHECKOUTS, whichever ends first, after BENCH_WARMUP_SECONDS of the
 *      same not counted (a fresh process's first answers compile its code and open its connections; printed apart);
 *      prints checkouts/second and p50/p99 latency of create, verify and the whole checkout;
 *   2. contention: one size with stock 5 (of a product with three) and 40 shoppers paying at once; prints paid count,
 *      409s, that size's final stock and the other sizes' (untouched);
 *   3. the yardstick: the same throughput run against checkout-floor.mjs (bare Fastify, the three calls with only their
 *      essential statements, no auth, validation or mail) on the same kind of database: the most this machine allows.
 *
 * Shoppers are seeded straight into the database before the server starts (one row each) and their session
 * tokens are signed with the JWT secret the bench gives the server: registration needs a mailed link and login
 * is rate limited per IP, and neither is what this measures. Everything else goes through the HTTP API.
 *
 * Env: BENCH_PGLITE=0 (PostgreSQL only), BENCH_CONCURRENCY (16), BENCH_SECONDS (5), BENCH_WARMUP_SECONDS (1), BENCH_CHECKOUTS (5000), BENCH_DATABASE_URL (optional,
 * a PostgreSQL server where a scratch database is created and dropped), BENCH_NODE_ARGS (e.g. --cpu-prof), BENCH_URL + BENCH_DATABASE_URL +
 * BENCH_JWT_SECRET to measure a server that is already running (its database is then seeded in place).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { ApiError, createApiClient } from '@shop/api-client';
import { httpFetch, ms, percentile, scratchPostgres, serverMain, startCheckoutFloor, startServer, stopServer, waitForHealth } from './lib.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const serverDist = dirname(serverMain);
const env = process.env;
const CONCURRENCY = Number(env.BENCH_CONCURRENCY ?? 16);
const SECONDS = Number(env.BENCH_SECONDS ?? 5);
const WARMUP_SECONDS = Number(env.BENCH_WARMUP_SECONDS ?? 1);
const MAX_CHECKOUTS = Number(env.BENCH_CHECKOUTS ?? 5000);
const CONTENTION_STOCK = 5;
const CONTENTION_BUYERS = 40;
/** Stock of the contention product's other sizes, which the run must leave untouched. */
const OTHER_SIZES_STOCK = 7;

if (!existsSync(serverMain)) {
  console.error('apps/server/dist/main.js is missing: run `pnpm --filter @shop/server build` (or `npm run bench` from the root).');
  process.exit(1);
}
const load = (path) => import(pathToFileURL(join(serverDist, path)).href);
const [{ openDatabase }, { migrateDatabase }, schema, { signSessionToken }, drizzle] = await Promise.all([
  load('db/client.js'),
  load('db/migrate.js'),
  load('db/schema.js'),
  load('lib/tokens.js'),
  import(pathToFileURL(join(here, '..', 'apps', 'server', 'node_modules', 'drizzle-orm', 'index.js')).href),
]);
const { eq, and, sql } = drizzle;

/** A product with sizes (label, price in paise, stock), the first the default; answers it with its size ids. */
async function sizedProduct(db, categoryId, name, slug, sizes) {
  const [product] = await db.insert(schema.products).values({ name, slug, categoryId }).returning();
  const variants = await db
    .insert(schema.productVariants)
    .values(
      sizes.map(([label, pricePaise, quantity], i) => ({
        productId: product.id,
        label,
        sku: `${slug}-${label}`.toUpperCase().replace(/[^A-Z0-9]+/g, '-'),
        pricePaise,
        quantity,
        weightGrams: 500,
        position: i,
        isDefault: i === 0,
      })),
    )
    .returning({ id: schema.productVariants.id, sku: schema.productVariants.sku, pricePaise: schema.productVariants.pricePaise });
  for (const v of variants) itemsPaise.set(v.id, v.pricePaise);
  await db.insert(schema.productSkus).values(variants.map((v) => ({ sku: v.sku, variantId: v.id })));
  return { id: product.id, variants: variants.map((v) => v.id) };
}

/**
 * One category, a big-stock ghee in two sizes (every throughput checkout buys one of each: a two-size cart), the
 * contention honey in three sizes (the 250 g has 5 jars; the others must stay as they are), and the shoppers.
 */
async function seed(database, jwtSecret, customers) {
  const { db } = database;
  const tag = randomBytes(3).toString('hex');
  // Never free: every checkout pays a delivery fee (the shopper's PIN decides the zone, the sizes' weight the fee).
  await db
    .insert(schema.deliverySettings)
    .values({ id: 1, rules: { freeAbovePaise: 0 } })
    .onConflictDoUpdate({ target: schema.deliverySettings.id, set: { rules: sql`${schema.deliverySettings.rules} || '{"freeAbovePaise": 0}'::jsonb` } });
  const [category] = await db.insert(schema.categories).values({ name: `Bench ${tag}`, slug: `bench-${tag}` }).returning();
  // A festival code in every checkout (issue 31): 10% off, as a shop runs it at Diwali (no limit in all).
  const code = `BENCH${tag.toUpperCase()}`;
  await db.insert(schema.coupons).values({ code, codeKey: code, kind: 'percent', percentBp: 1_000, startsAt: new Date('2020-01-01'), endsAt: new Date('2099-12-31') });
  benchCoupon = ` ${code.toLowerCase()} `;
  const big = await sizedProduct(db, category.id, `Bench Ghee ${tag}`, `bench-ghee-${tag}`, [
    ['500 ml', 59_500, 1_000_000],
    ['1 L', 109_900, 1_000_000],
  ]);
  const scarce = await sizedProduct(db, category.id, `Last Jars of Honey ${tag}`, `last-jars-${tag}`, [
    ['500 g', 79_000, OTHER_SIZES_STOCK],
    ['250 g', 45_000, CONTENTION_STOCK],
    ['1 kg', 149_000, OTHER_SIZES_STOCK],
  ]);
  const rows = await db
    .insert(schema.users)
    .values(
      Array.from({ length: customers }, (_, i) => ({
        name: `Bench Shopper ${i + 1}`,
        email: `bench-${tag}-${i + 1}@example.com`,
        // Never used to log in: the bench signs session tokens instead.
        passwordHash: 'bench-seeded-no-login',
        emailVerified: true,
        // Checkout refuses an account without delivery details.
        phone: '+919800000000',
        address: '12 Lake Road, Koregaon Park, Pune',
        pin: '411001',
        state: 'Maharashtra',
      })),
    )
    .returning({ id: schema.users.id, tokenVersion: schema.users.tokenVersion });
  return { big, scarce, tokens: rows.map((r) => signSessionToken(jwtSecret, r.id, r.tokenVersion)) };
}

/** The code every checkout sends (in lower case, with spaces: the server trims it and compares it in upper case). */
let benchCoupon = '';

/** What the cart's items cost (paise), from the sizes the bench seeded: the amount charged must be more (the fee). */
const itemsPaise = new Map();
const itemsPaiseOf = (cart) => cart.reduce((sum, l) => sum + itemsPaise.get(l.variant) * l.cart_quantity, 0);

/** create -> sandbox pay -> verify of `cart`, timing the parts. */
async function checkout(client, cart) {
  const t0 = performance.now();
  const order = await client.account.createOrder({ cart, coupon: benchCoupon });
  const t1 = performance.now();
  if (!(order.discount > 0)) throw new Error(`checkout ${order.order_id} applied no coupon`);
  if (order.amount <= itemsPaiseOf(cart) - Math.round(order.discount * 100)) throw new Error(`checkout ${order.order_id} charged no delivery fee`);
  const result = await client.payments.sandboxCheckout({ order_id: order.order_id, outcome: 'success' });
  const t2 = performance.now();
  const verified = await client.account.verifyPayment(result);
  const t3 = performance.now();
  return { create: t1 - t0, verify: t3 - t2, total: t3 - t0, success: verified.success === true };
}

/** The same three calls on the yardstick (checkout-floor.mjs), timed the same way. */
async function floorCheckout(origin) {
  const post = async (path, body) => {
    const response = await httpFetch(`${origin}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    if (!response.ok) throw new Error(`${path} answered ${response.status}`);
    return response.json();
  };
  const t0 = performance.now();
  const order = await post('/orders', {});
  const t1 = performance.now();
  await post('/pay', { order_id: order.order_id });
  const t2 = performance.now();
  const verified = await post('/verify', { order_id: order.order_id });
  const t3 = performance.now();
  return { create: t1 - t0, verify: t3 - t2, total: t3 - t0, success: verified.success === true };
}

/** CONCURRENCY shoppers, each looping `checkoutOf(shopper)()` for `seconds` or until `limit` were started. */
async function loop(checkoutOf, seconds, limit) {
  const samples = [];
  let errors = 0;
  let started = 0;
  const t0 = performance.now();
  const deadline = t0 + seconds * 1000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, w) => {
      const checkoutOnce = checkoutOf(w);
      while (performance.now() < deadline && started < limit) {
        started++;
        try {
          const s = await checkoutOnce();
          if (s.success) samples.push(s);
          else errors++;
        } catch (err) {
          errors++;
          if (errors <= 3) console.error('  checkout error:', err instanceof ApiError ? `${err.status} ${err.message}` : err);
        }
      }
    }),
  );
  const sorted = (key) => samples.map((s) => s[key]).sort((a, b) => a - b);
  return { samples, errors, seconds: (performance.now() - t0) / 1000, create: sorted('create'), verify: sorted('verify'), total: sorted('total') };
}

/**
 * The throughput run: WARMUP_SECONDS of the same checkouts first, not counted (a fresh process compiles its code and
 * opens its connections on its first answers; that is printed on its own line), then the measured run.
 * Answers how many checkouts were paid in both, for the mails.
 */
async function throughputRun(title, checkoutOf) {
  const warm = await loop(checkoutOf, WARMUP_SECONDS, MAX_CHECKOUTS);
  const run = await loop(checkoutOf, SECONDS, MAX_CHECKOUTS);
  const { samples, create, verify, total } = run;
  console.log(`\n${title}: ${CONCURRENCY} shoppers at once buying two sizes of one product (two hot stock rows), ${run.seconds.toFixed(1)} s`);
  console.log(
    `  warm-up, not counted  ${warm.samples.length} checkouts in ${warm.seconds.toFixed(1)} s (${warm.errors} errors), p99 create ${ms(percentile(warm.create, 99))}, verify ${ms(percentile(warm.verify, 99))}`,
  );
  console.log(`  paid checkouts        ${samples.length} (${run.errors} errors)`);
  console.log(`  checkouts/second      ${(samples.length / run.seconds).toFixed(1)}`);
  console.log(`  create order          p50 ${ms(percentile(create, 50))}   p99 ${ms(percentile(create, 99))}`);
  console.log(`  verify payment        p50 ${ms(percentile(verify, 50))}   p99 ${ms(percentile(verify, 99))}`);
  console.log(`  create+pay+verify     p50 ${ms(percentile(total, 50))}   p99 ${ms(percentile(total, 99))}`);
  return warm.samples.length + samples.length;
}

/**
 * The server sends a payment's mails from its outbox after answering, and holds them back while it is busy: waits
 * until the outbox folder holds `expected` mails and prints how long after the run the last one came (the mails are
 * part of a checkout's cost even when they are not part of its answer).
 */
async function mailsRun(outboxDir, expected) {
  const t0 = performance.now();
  const count = () => (existsSync(outboxDir) ? readdirSync(outboxDir).filter((f) => f.endsWith('.eml')).length : 0);
  const during = count();
  while (count() < expected && performance.now() - t0 < 120_000) await new Promise((r) => setTimeout(r, 50));
  const n = count();
  console.log(`  mails                 ${n} of ${expected} in the outbox folder (${during} sent during the run), the last ${((performance.now() - t0) / 1000).toFixed(1)} s after the last checkout`);
}

async function contentionRun(apiBase, tokens, cart) {
  const buyers = tokens.slice(0, CONTENTION_BUYERS);
  const outcomes = await Promise.all(
    buyers.map(async (token) => {
      const client = createApiClient({ baseUrl: apiBase, getToken: () => token, fetch: httpFetch });
      try {
        const s = await checkout(client, cart);
        return s.success ? 'paid' : 'not paid';
      } catch (err) {
        return err instanceof ApiError ? `${err.status} ${err.message}` : String(err);
      }
    }),
  );
  const tally = new Map();
  for (const o of outcomes) tally.set(o, (tally.get(o) ?? 0) + 1);
  return { paid: tally.get('paid') ?? 0, tally };
}

/** One bench: on an external server (BENCH_URL), on a scratch PostgreSQL database (`postgresUrl`), or on PGlite. */
async function benchOn(postgresUrl, external) {
  const customers = Math.max(CONCURRENCY, CONTENTION_BUYERS);
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-bench-'));
  const jwtSecret = external ? env.BENCH_JWT_SECRET : randomBytes(32).toString('hex');
  let child;
  let floor;
  let scratch;
  let database;
  let apiBase;
  const cleanups = [];
  try {
    if (external) {
      if (!env.BENCH_DATABASE_URL || !jwtSecret) {
        throw new Error('BENCH_URL needs BENCH_DATABASE_URL (the server\'s database, to seed shoppers) and BENCH_JWT_SECRET (its JWT_SECRET)');
      }
      database = await openDatabase({ databaseUrl: env.BENCH_DATABASE_URL });
      apiBase = `${external.replace(/\/+$/, '')}/api`;
    } else if (postgresUrl) {
      scratch = await scratchPostgres(postgresUrl);
      cleanups.push(scratch.drop);
      database = await openDatabase({ databaseUrl: scratch.url });
    } else {
      database = await openDatabase({ pgliteDir: join(dataDir, 'db') });
    }
    await migrateDatabase(database);
    const seeded = await seed(database, jwtSecret, customers);
    // PGlite is one process's database: hand it over to the server.
    if (!scratch && !external) {
      await database.close();
      database = undefined;
    }

    if (external) {
      await waitForHealth(apiBase);
    } else {
      const serverEnv = { JWT_SECRET: jwtSecret, PAYMENT_PROVIDER: 'sandbox', SEED_DEMO: 'false' };
      ({ child, apiBase } = await startServer({ dataDir, databaseUrl: scratch?.url, env: serverEnv }));
    }
    console.log(`\nCheckout bench against ${apiBase} (${external ? 'external server' : scratch ? 'PostgreSQL' : 'PGlite'}), node ${process.version}`);

    const paid = await throughputRun('Throughput', (w) => {
      const client = createApiClient({ baseUrl: apiBase, getToken: () => seeded.tokens[w % seeded.tokens.length], fetch: httpFetch });
      const twoSizes = seeded.big.variants.map((variant) => ({ _id: seeded.big.id, variant, cart_quantity: 1 }));
      return () => checkout(client, twoSizes);
    });
    // A confirmation to the shopper and a note to the shop per paid checkout.
    if (!external) await mailsRun(join(dataDir, 'outbox'), 2 * paid);
    const contended = seeded.scarce.variants[1];
    const contention = await contentionRun(apiBase, seeded.tokens, [{ _id: seeded.scarce.id, variant: contended, cart_quantity: 1 }]);

    if (child) {
      await stopServer(child);
      child = undefined;
    }
    database ??= await openDatabase({ pgliteDir: join(dataDir, 'db') });
    const sizes = await database.db
      .select({ id: schema.productVariants.id, label: schema.productVariants.label, quantity: schema.productVariants.quantity })
      .from(schema.productVariants)
      .where(eq(schema.productVariants.productId, seeded.scarce.id));
    const stock = sizes.find((v) => v.id === contended);
    const others = sizes.filter((v) => v.id !== contended).map((v) => `${v.label} ${v.quantity}`).join(', ');
    const [paidRows] = await database.db
      .select({ n: sql`count(distinct ${schema.checkouts.id})::int` })
      .from(schema.checkouts)
      .innerJoin(schema.orders, eq(schema.orders.checkoutId, schema.checkouts.id))
      .where(and(eq(schema.orders.variantId, contended), eq(schema.checkouts.payment, 'Paid')));
    console.log(`\nContention: stock ${CONTENTION_STOCK} of one size (${stock.label}), ${CONTENTION_BUYERS} shoppers paying at once`);
    for (const [outcome, n] of [...contention.tally.entries()].sort((a, b) => b[1] - a[1])) console.log(`  ${String(n).padStart(3)} x ${outcome}`);
    console.log(`  paid (API)            ${contention.paid}`);
    console.log(`  paid (database)       ${paidRows.n}`);
    console.log(`  final stock           ${stock.quantity} (${stock.label}); other sizes ${others} (were ${OTHER_SIZES_STOCK} each)`);

    if (!external) {
      floor = await startCheckoutFloor({ databaseUrl: scratch?.url, pgliteDir: join(dataDir, 'floor') });
      await throughputRun(
        `Yardstick (checkout-floor.mjs: bare Fastify, the same 3 calls with only their 8 essential statements, on ${scratch ? 'PostgreSQL' : 'PGlite'})`,
        () => () => floorCheckout(floor.origin),
      );
    }
  } finally {
    if (floor) await stopServer(floor.child);
    if (child) await stopServer(child);
    if (database) await database.close();
    for (const c of cleanups) await c();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  if (env.BENCH_URL) return benchOn(undefined, env.BENCH_URL);
  if (env.BENCH_PGLITE !== '0') await benchOn();
  if (env.BENCH_DATABASE_URL) await benchOn(env.BENCH_DATABASE_URL);
  else console.log('\n(BENCH_DATABASE_URL unset: PostgreSQL skipped)');
  console.log(`\ntargets (issues 11, 28, 29, 31): >= 150 checkouts/s on PGlite, >= 300 on PostgreSQL with a two-size cart to a PIN, a delivery fee and a coupon in each, p99 < 100 ms per call; contention: ${CONTENTION_STOCK} paid, ${CONTENTION_BUYERS - CONTENTION_STOCK} clear 409s, that size 0, the other sizes unchanged`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
