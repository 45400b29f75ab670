/** The mail outbox: mails survive a stop between commit and send, failures are retried, and each mail goes once. */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { isNotNull, isNull, sql } from 'drizzle-orm';
import { createTestShop, type TestShop, type TestUser } from '../test/harness.js';
import { categories, mailOutbox } from '../db/schema.js';
import type { Mail } from './mailer.js';
import { BATCH, BUSY_BATCH_EVERY_MS, KEEP_SENT_MS, LEASE_MS, MAX_ATTEMPTS, PRUNE_EVERY_MS, createMailOutbox, retryDelayMs, writeMails } from './mail-outbox.js';
import { insertProducts } from '../test/products.js';

let shop: TestShop;
let customer: TestUser;
let categoryId: string;

beforeAll(async () => {
  shop = await createTestShop();
  const [category] = await shop.db.insert(categories).values({ name: 'Ghee', slug: 'ghee' }).returning();
  categoryId = category!.id;
  customer = await shop.createShopper({ name: 'Meera Iyer' });
});
afterAll(() => shop.close());

/** Creates, pays and verifies a checkout straight through the app, without the harness sending mails after each call. */
async function buyWithoutSending(app = shop.app): Promise<string> {
  const name = `A2 Ghee ${randomUUID().slice(0, 6)}`;
  const [p] = await insertProducts(shop.db, [{ name, slug: name.toLowerCase().replace(/\s+/g, '-'), pricePaise: 99_500, quantity: 10, categoryId }]);
  const headers = { authorization: `Bearer ${customer.token}` };
  const created = await app.inject({ method: 'POST', url: '/api/orders', headers, payload: { cart: [{ _id: p!.id, cart_quantity: 1 }] } });
  const paid = await app.inject({ method: 'POST', url: '/api/payments/sandbox/checkout', headers, payload: { order_id: created.json().order_id, outcome: 'success' } });
  const verified = await app.inject({ method: 'POST', url: '/api/orders/paymentverification', headers, payload: paid.json() });
  expect(verified.statusCode).toBe(200);
  return created.json().order_id as string;
}

const mailOf = (n: number): Mail => ({ to: `shopper${n}@example.com`, subject: `Outbox test ${n}`, text: `Mail ${n}`, html: `<p>Mail ${n}</p>` });

describe('mail outbox', () => {
  it('keeps a paid order’s mails when the sender stops before sending them; the next instance sends them, invoice attached', async () => {
    await shop.app.mailOutbox.stop();
    const before = shop.mails.length;
    const checkoutId = await buyWithoutSending();
    // The payment is answered and committed, and nothing was sent: the mails wait as rows.
    expect(shop.mails.length).toBe(before);
    const unsent = await shop.db.select({ kind: mailOutbox.kind, data: mailOutbox.data }).from(mailOutbox).where(isNull(mailOutbox.sentAt));
    expect(unsent.map((r) => r.kind).sort()).toEqual(['new_order', 'order_confirmation']);
    expect(unsent.every((r) => (r.data as { checkoutId: string }).checkoutId === checkoutId)).toBe(true);

    const restarted = await shop.buildPeerApp();
    await restarted.mailOutbox.flush();
    const sent = shop.mails.slice(before);
    expect(sent.map((m) => m.to).sort()).toEqual([customer.email, shop.config.shopEmail].sort());
    const confirmation = sent.find((m) => m.to === customer.email)!;
    expect(confirmation.subject).toMatch(/is confirmed/);
    expect(confirmation.attachments?.[0]?.contentType).toBe('application/pdf');
    expect(confirmation.attachments?.[0]?.content.subarray(0, 5).toString()).toBe('%PDF-');

    // Started again, the sender sends what it is woken for, on its own.
    shop.app.mailOutbox.start();
    await writeMails(shop.db, new Date(), [{ kind: 'mail', data: mailOf(3) }]);
    shop.app.mailOutbox.wake();
    await vi.waitFor(() => expect(shop.mails.map((m) => m.subject)).toContain('Outbox test 3'), { timeout: 5_000 });
  });

  it('tries a failed mail again after a delay, and gives up after the last attempt', async () => {
    let failures = 0;
    const flaky = await createTestShop({}, {
      mailer: {
        async send() {
          failures++;
          throw new Error('SMTP server said 421: try again later');
        },
      },
    });
    try {
      await writeMails(flaky.db, new Date(), [{ kind: 'mail', data: mailOf(1) }]);
      await flaky.app.mailOutbox.flush();
      expect(failures).toBe(1);
      const [row] = await flaky.db.select().from(mailOutbox);
      expect(row).toMatchObject({ attempts: 1, sentAt: null, failedAt: null, lastError: 'SMTP server said 421: try again later' });

      // Not again before its delay is up.
      await flaky.app.mailOutbox.flush();
      expect(failures).toBe(1);
      for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt++) {
        flaky.advanceClock(retryDelayMs(attempt) + 1000);
        await flaky.app.mailOutbox.flush();
      }
      expect(failures).toBe(MAX_ATTEMPTS);
      const [last] = await flaky.db.select().from(mailOutbox);
      expect(last!.failedAt).not.toBeNull();
      flaky.advanceClock(24 * 3_600_000);
      await flaky.app.mailOutbox.flush();
      expect(failures).toBe(MAX_ATTEMPTS);
    } finally {
      await flaky.close();
    }
  });

  it('a mail that fails once goes out on the next try, once', async () => {
    const sent: Mail[] = [];
    let calls = 0;
    const once = await createTestShop({}, {
      mailer: {
        async send(mail) {
          if (++calls === 1) throw new Error('connection reset');
          sent.push(mail);
        },
      },
    });
    try {
      await writeMails(once.db, new Date(), [{ kind: 'mail', data: mailOf(2) }]);
      await once.app.mailOutbox.flush();
      expect(sent).toEqual([]);
      once.advanceClock(retryDelayMs(1) + 1000);
      await once.app.mailOutbox.flush();
      await once.app.mailOutbox.flush();
      expect(sent.map((m) => m.subject)).toEqual(['Outbox test 2']);
    } finally {
      await once.close();
    }
  });

  it('two instances sending at once send every mail exactly once', async () => {
    const peer = await shop.buildPeerApp();
    const before = shop.mails.length;
    const subjects = Array.from({ length: 60 }, (_, i) => mailOf(100 + i));
    await writeMails(shop.db, new Date(), subjects.map((data) => ({ kind: 'mail', data })));
    await Promise.all([shop.app.mailOutbox.flush(), peer.mailOutbox.flush(), shop.app.mailOutbox.flush(), peer.mailOutbox.flush()]);
    const got = shop.mails.slice(before).map((m) => m.subject);
    expect(got.sort()).toEqual(subjects.map((m) => m.subject).sort());
    const rows = await shop.db.select({ sentAt: mailOutbox.sentAt, attempts: mailOutbox.attempts }).from(mailOutbox);
    expect(rows.every((r) => r.sentAt !== null && r.attempts === 1)).toBe(true);
  });

  it('a crash in the middle of a batch sends none of the mails already sent again', async () => {
    const crashing = await createTestShop();
    await crashing.app.mailOutbox.stop();
    const mails = Array.from({ length: BATCH }, (_, i) => mailOf(300 + i));
    const stuck = mails[2]!.subject;
    const sentBeforeCrash: string[] = [];
    // The third mail's SMTP call never returns: the process dies there, its batch unfinished.
    const dying = createMailOutbox({
      db: crashing.db,
      log: crashing.app.log,
      now: () => new Date(),
      mailer: {
        send: (mail) => (mail.subject === stuck ? new Promise<void>(() => {}) : Promise.resolve(void sentBeforeCrash.push(mail.subject))),
      },
    });
    try {
      await writeMails(crashing.db, new Date(), mails.map((data) => ({ kind: 'mail', data })));
      void dying.flush();
      await vi.waitFor(() => expect(sentBeforeCrash.length).toBe(BATCH - 1), { timeout: 10_000, interval: 20 });
      await vi.waitFor(async () => {
        const marked = await crashing.db.select({ id: mailOutbox.id }).from(mailOutbox).where(isNotNull(mailOutbox.sentAt));
        expect(marked.length).toBe(BATCH - 1);
      }, { timeout: 10_000, interval: 20 });

      // The next instance, once the dead one's lease is over, sends only the mail that never went out.
      const sentAfterRestart: string[] = [];
      const restarted = createMailOutbox({
        db: crashing.db,
        log: crashing.app.log,
        now: () => new Date(Date.now() + LEASE_MS + 1000),
        mailer: { send: async (mail) => void sentAfterRestart.push(mail.subject) },
      });
      await restarted.flush();
      expect(sentAfterRestart).toEqual([stuck]);
      expect(sentBeforeCrash.sort()).toEqual(mails.map((m) => m.subject).filter((s) => s !== stuck).sort());
    } finally {
      await crashing.close();
    }
  });

  it('holds mails back while requests pour in, one batch every 2 s, and sends the rest once the rush is over', async () => {
    const rush = await createTestShop();
    // The app's own sender is stopped: this one counts requests of its own (a rush of 1,000 a second, then none).
    await rush.app.mailOutbox.stop();
    const sent: Mail[] = [];
    let rushEndsAt = Infinity;
    const requestsReceived = () => Math.floor(Math.min(performance.now(), rushEndsAt));
    const outbox = createMailOutbox({
      db: rush.db,
      log: rush.app.log,
      now: () => new Date(),
      mailer: { send: async (mail) => void sent.push(mail) },
      requestsReceived,
    });
    try {
      // The rush is on when the mails come: the sender has had a look at it.
      outbox.start();
      await new Promise((resolve) => setTimeout(resolve, 300));
      const mails = Array.from({ length: 5 * BATCH }, (_, i) => mailOf(200 + i));
      await writeMails(rush.db, new Date(), mails.map((data) => ({ kind: 'mail', data })));
      const started = performance.now();
      for (let i = 0; i < 20; i++) {
        outbox.wake(); // as each paid checkout of the rush does
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      // A second of rush: the first batch went out, and no more than one batch per BUSY_BATCH_EVERY_MS since.
      const batchesAllowed = 1 + Math.floor((performance.now() - started) / BUSY_BATCH_EVERY_MS);
      expect(sent.length).toBeGreaterThanOrEqual(BATCH);
      expect(sent.length).toBeLessThanOrEqual(batchesAllowed * BATCH);

      rushEndsAt = performance.now();
      await vi.waitFor(() => expect(sent.length).toBe(mails.length), { timeout: 10_000, interval: 50 });
      expect(sent.map((m) => m.subject).sort()).toEqual(mails.map((m) => m.subject).sort());
    } finally {
      await outbox.stop();
      await rush.close();
    }
  });

  it('deletes sent mails after 30 days, and keeps failed ones for the record', async () => {
    const aged = await createTestShop();
    try {
      const longAgo = new Date(Date.now() - KEEP_SENT_MS - 3_600_000);
      await aged.db.insert(mailOutbox).values([
        { kind: 'mail', data: mailOf(7), createdAt: longAgo, dueAt: longAgo, attempts: 1, sentAt: longAgo },
        { kind: 'mail', data: mailOf(8), createdAt: longAgo, dueAt: longAgo, attempts: MAX_ATTEMPTS, failedAt: longAgo, lastError: 'mailbox full' },
        { kind: 'mail', data: mailOf(9), createdAt: new Date(), dueAt: new Date(), attempts: 1, sentAt: new Date() },
      ]);
      // The sender prunes at most once an hour (it may have done so as it started).
      aged.advanceClock(PRUNE_EVERY_MS + 1000);
      await aged.app.mailOutbox.flush();
      const left = await aged.db.select({ subject: sql<string>`${mailOutbox.data}->>'subject'` }).from(mailOutbox);
      expect(left.map((r) => r.subject).sort()).toEqual(['Outbox test 8', 'Outbox test 9']);
      expect(await aged.db.select().from(mailOutbox).where(isNotNull(mailOutbox.failedAt))).toHaveLength(1);
    } finally {
      await aged.close();
    }
  });
});
