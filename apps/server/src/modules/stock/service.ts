/**
 * Stock alerts (issue 33): the shop hears once when a size runs low, and shoppers who asked hear once when a sold-out
 * size is back. Whether a size ran low or came back is decided in one place, the trigger of
 * drizzle/functions/stock.sql, which records a `stock_events` row in the transaction that changed the stock. This
 * sender turns each event into mails: it takes one event at a time in a transaction of its own (FOR UPDATE SKIP
 * LOCKED, so two instances never take the same one) and writes the mails to the outbox in that transaction, marking
 * the event done; the outbox then sends each mail once. A 'back' event is worked in batches of subscribers, each
 * batch first checking the size still has stock; a size sold out again before its batch leaves the rest waiting for
 * the next restock.
 */
import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { NotifyBody, LowStockSize } from '@shop/domain/schemas/reviews';
import type { Deps } from '../../plugins/deps.js';
import type { Db, Tx } from '../../db/client.js';
import { productVariants, products, stockEvents, stockSubscriptions } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { notFound } from '../../lib/http-errors.js';
import { writeMails } from '../../lib/mail-outbox.js';
import { hashLinkToken, newLinkToken } from '../../lib/tokens.js';
import { backInStockMail, lowStockMail, sizeUrl, type AlertSize, type UnsubscribeOutcome } from './mails.js';

export type StockDeps = Pick<Deps, 'db' | 'now' | 'config' | 'outbox' | 'log'>;

/** The outbox kind of a back-in-stock mail: rendered as it goes out (its unsubscribe token is made then). */
const BACK_IN_STOCK_MAIL = 'stock:back-in-stock';
/** Subscribers mailed per transaction of a 'back' event, after a fresh look at the stock. */
const BACK_IN_STOCK_BATCH = 50;
/** Events (or batches) one run works at most; the next run goes on. */
const MAX_STEPS_PER_RUN = 200;

const PRODUCT_NOT_FOUND = 'No product found';
const SIZE_NOT_FOUND = 'variant is not a size of this product';

/** A size with its product's name and its stock (read with productVariants joined to products). */
const sizeColumns = {
  productName: products.name,
  slug: products.slug,
  variantId: productVariants.id,
  label: productVariants.label,
  sku: productVariants.sku,
  quantity: productVariants.quantity,
  lowStockAt: productVariants.lowStockAt,
};

/** A size with its product, as the alerts name it; null when the size or its product is no longer on sale. */
async function sizeOnSale(db: Db | Tx, variantId: string): Promise<(AlertSize & { quantity: number; lowStockAt: number }) | null> {
  const [row] = await db
    .select(sizeColumns)
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(eq(productVariants.id, variantId), isNull(productVariants.removedAt), isNull(products.removedAt)))
    .limit(1);
  return row ?? null;
}

/** Sizes at or below their threshold, fewest first (the dashboard's card). */
export async function lowStockSizes(db: Db): Promise<LowStockSize[]> {
  const rows = await db
    .select({ productId: products.id, ...sizeColumns })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(lte(productVariants.quantity, productVariants.lowStockAt), isNull(productVariants.removedAt), isNull(products.removedAt)))
    .orderBy(asc(productVariants.quantity), asc(products.name), asc(productVariants.position))
    .limit(100);
  return rows.map((r) => ({
    product: { _id: r.productId, name: r.productName, slug: r.slug },
    variant: r.variantId,
    label: r.label,
    sku: r.sku,
    quantity: r.quantity,
    low_stock_at: r.lowStockAt,
  }));
}

export function createStockService(deps: StockDeps) {
  const { db, now, config, outbox } = deps;

  // The unsubscribe token is made as the mail goes out and only its hash is kept (as the COD confirm link's): the
  // outbox row holds no secret. Unsubscribed meanwhile: no mail.
  outbox.register(BACK_IN_STOCK_MAIL, async (data) => {
    const { subscriptionId } = data as { subscriptionId: string };
    const { token, hash } = newLinkToken();
    const [sub] = await db
      .update(stockSubscriptions)
      .set({ tokenHash: hash })
      .where(and(eq(stockSubscriptions.id, subscriptionId), isNull(stockSubscriptions.unsubscribedAt)))
      .returning({ email: stockSubscriptions.email, variantId: stockSubscriptions.variantId });
    if (!sub) return null;
    const size = await sizeOnSale(db, sub.variantId);
    if (!size) return null;
    return backInStockMail(config.brandName, sub.email, sizeUrl(config.publicUrl, size), `${config.publicUrl}/api/stock-alerts/unsubscribe/${token}`, size);
  });

  /** One step: the oldest open event (or one batch of it), in its own transaction. False when none is open. */
  async function step(): Promise<boolean> {
    return inTransaction(db, async (tx) => {
      const [event] = await tx
        .select()
        .from(stockEvents)
        .where(isNull(stockEvents.doneAt))
        .orderBy(asc(stockEvents.id))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!event) return false;
      const at = now();
      const done = () => tx.update(stockEvents).set({ doneAt: at }).where(eq(stockEvents.id, event.id));
      const size = await sizeOnSale(tx, event.variantId);
      if (!size) {
        await done();
        return true;
      }
      if (event.kind === 'low') {
        await writeMails(tx, at, [
          { kind: 'mail', data: lowStockMail(config.brandName, config.shopEmail, config.publicUrl, config.adminPrefix, size, event.quantity, size.lowStockAt) },
        ]);
        await done();
        return true;
      }
      // 'back': a batch, if the size still has stock now.
      if (size.quantity <= 0) {
        await done();
        return true;
      }
      const batch = await tx
        .select({ id: stockSubscriptions.id })
        .from(stockSubscriptions)
        .where(and(eq(stockSubscriptions.variantId, event.variantId), isNull(stockSubscriptions.notifiedAt), isNull(stockSubscriptions.unsubscribedAt)))
        .orderBy(asc(stockSubscriptions.createdAt), asc(stockSubscriptions.id))
        .limit(BACK_IN_STOCK_BATCH)
        .for('update', { skipLocked: true });
      if (batch.length > 0) {
        await writeMails(tx, at, batch.map((s) => ({ kind: BACK_IN_STOCK_MAIL, data: { subscriptionId: s.id } })));
        await tx
          .update(stockSubscriptions)
          .set({ notifiedAt: at, updatedAt: at })
          .where(inArray(stockSubscriptions.id, batch.map((s) => s.id)));
      }
      if (batch.length < BACK_IN_STOCK_BATCH) await done();
      return true;
    });
  }

  let running: Promise<number> | undefined;

  return {
    /**
     * Works the open stock events into mails (every instance runs it; SKIP LOCKED keeps them apart). Answers how many
     * steps it took. One run at a time per instance.
     */
    sendAlerts(): Promise<number> {
      running ??= (async () => {
        let steps = 0;
        try {
          while (steps < MAX_STEPS_PER_RUN && (await step())) steps++;
        } finally {
          running = undefined;
        }
        if (steps > 0) outbox.wake();
        return steps;
      })();
      return running;
    },

    /**
     * POST products/{id}/notify: one subscription per address and size (asking again re-arms it, even after an
     * unsubscribe or a mail already sent). The caller answers the same 202 whatever was there before.
     */
    async subscribe(productId: string, body: NotifyBody): Promise<void> {
      const email = body.email.trim().toLowerCase();
      const [product] = await db
        .select({ id: products.id })
        .from(products)
        .where(and(eq(products.id, productId), isNull(products.removedAt)))
        .limit(1);
      if (!product) throw notFound(PRODUCT_NOT_FOUND);
      const sizeWhere = body.variant
        ? eq(productVariants.id, body.variant)
        : eq(productVariants.isDefault, true);
      const [size] = await db
        .select({ id: productVariants.id })
        .from(productVariants)
        .where(and(eq(productVariants.productId, productId), isNull(productVariants.removedAt), sizeWhere))
        .orderBy(asc(productVariants.position))
        .limit(1);
      if (!size) throw notFound(SIZE_NOT_FOUND);
      const at = now();
      await db
        .insert(stockSubscriptions)
        .values({ email, productId, variantId: size.id, createdAt: at, updatedAt: at })
        .onConflictDoUpdate({
          target: [stockSubscriptions.variantId, stockSubscriptions.email],
          set: { notifiedAt: null, unsubscribedAt: null, updatedAt: at },
        });
    },

    /** The unsubscribe link: that subscription sends nothing more (until its address asks again). */
    async unsubscribe(token: string): Promise<UnsubscribeOutcome> {
      const at = now();
      const [row] = await db
        .update(stockSubscriptions)
        .set({ unsubscribedAt: sql`coalesce(${stockSubscriptions.unsubscribedAt}, ${at.toISOString()}::timestamptz)`, updatedAt: at })
        .where(eq(stockSubscriptions.tokenHash, hashLinkToken(token)))
        .returning({ id: stockSubscriptions.id });
      return row ? 'unsubscribed' : 'not_found';
    },

    lowStock: () => lowStockSizes(db),
  };
}
