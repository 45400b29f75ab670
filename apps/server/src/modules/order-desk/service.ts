/**
 * The order desk (admin): checkouts as whole orders. The list with its search and filters, shipping a whole checkout,
 * and the batches the CSV export streams. The SPEC's per-line calls (orders/) keep working beside these.
 */
import { and, asc, count, desc, eq, gt, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { COD_TO_COLLECT, COD_TO_CONFIRM, PLACED_PAYMENT_STATUSES, SHIPPABLE_PAYMENT_STATUSES, type ShippingStatus } from '@shop/domain/constants';
import { paiseToRupees } from '@shop/domain/money';
import { formatOrderNumber, parseOrderNumber } from '@shop/domain/order-number';
import { shippingMoveRefusal } from '@shop/domain/shipping';
import type { CheckoutSummary, CheckoutsQuery, CheckoutsResponse, ShipCheckoutBody } from '@shop/domain/schemas/checkouts';
import type { Db, Tx } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import { checkouts, orders } from '../../db/schema.js';
import { writeMails } from '../../lib/mail-outbox.js';
import { badRequest, conflict, notFound } from '../../lib/http-errors.js';
import { PAID, checkoutDeliveryColumns, deliveryOf, detachLine, lockCheckout, returnLines, settleCodAfterMove } from '../checkout/index.js';
import type { Deps } from '../../plugins/deps.js';
import { STATUS_UPDATED, isInvoiced, shippingMail } from '../orders/index.js';
import { createRefundSubmitter, startCancelRefund } from '../refunds/index.js';

export type OrderDeskDeps = Pick<Deps, 'db' | 'now' | 'config' | 'outbox' | 'payments' | 'log'>;

/** Checkouts per page of GET /checkouts. */
const CHECKOUTS_PAGE_SIZE = 20;
const CHECKOUT_NOT_FOUND = 'Order not found';
const FROM_AFTER_TO = 'The start date (from) must not be after the end date (to)';
const SHIPPED_NEEDS_TRACKING = 'Shipped needs the courier and the tracking number in the same step';
const NOT_PAID_CANNOT_SHIP = 'This order is not paid; only a paid order can be shipped';

/** Statuses the customer is mailed about (as for a single line in orders/). */
const MAILED_STATUSES = ['Shipped', 'Delivered', 'Canceled'] as const;
type MailedStatus = (typeof MAILED_STATUSES)[number];
const isMailed = (s: string): s is MailedStatus => (MAILED_STATUSES as readonly string[]).includes(s);

/** The filters the list and the export share. */
export type CheckoutFilters = Pick<CheckoutsQuery, 'q' | 'payment' | 'status' | 'from' | 'to'>;

/** The start of a shop day (IST, no daylight saving) as a moment. */
const startOfShopDay = (day: string) => new Date(`${day}T00:00:00+05:30`);
const DAY_MS = 86_400_000;
/** Whether YYYY-MM-DD names a day of the calendar (Date rolls 2026-02-30 over to March 2). */
function isCalendarDay(day: string): boolean {
  const at = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === day;
}

/** LIKE's wildcards taken literally. */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The WHERE conditions on `checkouts` for the filters; a 400 for `from` after `to`. Without `payment`, only checkouts
 * whose money came in (Paid, Refund due) and placed cash-on-delivery orders, as the SPEC's order lists.
 */
export function checkoutConditions(f: CheckoutFilters): SQL[] {
  for (const day of [f.from, f.to]) if (day && !isCalendarDay(day)) throw badRequest(`${day} is not a date`);
  if (f.from && f.to && f.from > f.to) throw badRequest(FROM_AFTER_TO);
  const where: SQL[] = [f.payment ? eq(checkouts.payment, f.payment) : inArray(checkouts.payment, [...PLACED_PAYMENT_STATUSES])];
  if (f.from) where.push(gte(checkouts.createdAt, startOfShopDay(f.from)));
  if (f.to) where.push(lt(checkouts.createdAt, new Date(startOfShopDay(f.to).getTime() + DAY_MS)));
  if (f.status) where.push(sql`exists (select 1 from ${orders} where ${orders.checkoutId} = ${checkouts.id} and ${orders.status} = ${f.status})`);
  const q = f.q?.trim();
  if (q) {
    const like = `%${likeEscape(q)}%`;
    const anyOf: SQL[] = [
      ilike(checkouts.deliveryName, like),
      sql`exists (select 1 from ${orders} where ${orders.checkoutId} = ${checkouts.id} and (${orders.userName} ilike ${like} or ${orders.userEmail} ilike ${like}))`,
    ];
    const number = parseOrderNumber(q);
    if (number !== null) anyOf.push(eq(checkouts.orderNumber, number));
    // A phone is typed in many ways ("98220 12345", "+91-98220-12345"): compared by its digits.
    const digits = q.replace(/\D/g, '');
    if (/^[\d\s()+-]+$/.test(q) && digits.length >= 5) {
      anyOf.push(sql`regexp_replace(coalesce(${checkouts.deliveryPhone}, ''), '[^0-9]', '', 'g') like ${`%${digits}%`}`);
    }
    where.push(or(...anyOf)!);
  }
  return where;
}

interface RawItem {
  id: string;
  product_id: string | null;
  name: string;
  variant_label: string | null;
  sku: string | null;
  quantity: number;
  unit_paise: number;
  discount_paise: number;
  status: string;
  courier: string | null;
  tracking_number: string | null;
  tracking_url: string | null;
  user_name: string;
  user_email: string;
}

/**
 * A checkout's lines as one JSON array, in the order its mails and invoice list them: no query per checkout.
 * Plain names: drizzle writes a column of the one table selected from without its table, which here is ambiguous.
 */
const itemsJson = sql<RawItem[] | string>`(select coalesce(json_agg(json_build_object(
    'id', o.id, 'product_id', o.product_id, 'name', o.product_name, 'variant_label', o.variant_label,
    'sku', o.sku, 'quantity', o.cart_quantity,
    'unit_paise', o.unit_price_paise, 'discount_paise', o.discount_paise, 'status', o.status, 'courier', o.courier, 'tracking_number', o.tracking_number,
    'tracking_url', o.tracking_url, 'user_name', o.user_name, 'user_email', o.user_email
  ) order by o.created_at, o.product_name), '[]'::json) from orders o where o.checkout_id = checkouts.id)`;

/** What the CSV needs of a checkout; the list adds its lines. */
const exportColumns = {
  id: checkouts.id,
  orderNumber: checkouts.orderNumber,
  amountPaise: checkouts.amountPaise,
  payment: checkouts.payment,
  createdAt: checkouts.createdAt,
  invoiceNumber: checkouts.invoiceNumber,
  paymentMethod: checkouts.paymentMethod,
  shippingFeePaise: checkouts.shippingFeePaise,
  codFeePaise: checkouts.codFeePaise,
  reservedUntil: checkouts.reservedUntil,
  discountPaise: checkouts.discountPaise,
  couponCode: checkouts.couponCode,
  ...checkoutDeliveryColumns,
};

const summaryColumns = { ...exportColumns, items: itemsJson };

function selectSummaries(db: Db | Tx) {
  return db.select(summaryColumns).from(checkouts);
}
type SummaryRow = Awaited<ReturnType<typeof selectSummaries>>[number];

/** The lines' common status, or 'Mixed' when they differ. */
function checkoutStatus(statuses: readonly string[]): string {
  const distinct = new Set(statuses);
  return distinct.size === 1 ? statuses[0]! : 'Mixed';
}

function toSummary(prefix: string, row: SummaryRow): CheckoutSummary {
  const items = (typeof row.items === 'string' ? JSON.parse(row.items) : row.items) as RawItem[];
  const delivery = deliveryOf(row);
  return {
    order_id: row.id,
    order_number: formatOrderNumber(prefix, row.orderNumber),
    customer: {
      name: delivery?.name || items[0]?.user_name || '',
      email: items[0]?.user_email ?? '',
      phone: delivery?.phone ?? '',
    },
    items: items.map((i) => ({
      _id: i.id,
      product_id: i.product_id,
      name: i.name,
      ...(i.variant_label ? { variant_label: i.variant_label } : {}),
      ...(i.sku ? { sku: i.sku } : {}),
      quantity: i.quantity,
      price: paiseToRupees(i.unit_paise),
      ...(i.discount_paise ? { discount: paiseToRupees(i.discount_paise) } : {}),
      status: i.status,
      ...(i.courier ? { courier: i.courier } : {}),
      ...(i.tracking_number ? { tracking_number: i.tracking_number } : {}),
      ...(i.tracking_url ? { tracking_url: i.tracking_url } : {}),
    })),
    amount: paiseToRupees(row.amountPaise),
    payment: row.payment,
    status: checkoutStatus(items.map((i) => i.status)),
    createdAt: row.createdAt.toISOString(),
    delivery,
    ...(row.invoiceNumber && isInvoiced(row.payment) ? { invoice_number: row.invoiceNumber } : {}),
    payment_method: row.paymentMethod === 'cod' ? 'cod' : 'online',
    ...(row.shippingFeePaise ? { shipping_fee: paiseToRupees(row.shippingFeePaise) } : {}),
    ...(row.codFeePaise ? { cod_fee: paiseToRupees(row.codFeePaise) } : {}),
    ...(row.couponCode ? { coupon: row.couponCode, discount: paiseToRupees(row.discountPaise) } : {}),
    ...(row.payment === COD_TO_CONFIRM ? { confirm_by: row.reservedUntil.toISOString() } : {}),
  };
}

type OrderDeskService = ReturnType<typeof createOrderDeskService>;

export function createOrderDeskService(deps: OrderDeskDeps) {
  const { db, now, config, outbox } = deps;
  // Cancelling paid lines starts their refund (issue 30), asked of the provider after the commit.
  const submitRefund = createRefundSubmitter(deps);
  async function getCheckout(tx: Db | Tx, checkoutId: string): Promise<CheckoutSummary> {
    const [row] = await selectSummaries(tx).where(eq(checkouts.id, checkoutId));
    if (!row) throw notFound(CHECKOUT_NOT_FOUND);
    return toSummary(config.orderPrefix, row);
  }

  return {
    getCheckout: (checkoutId: string) => getCheckout(db, checkoutId),

    /** GET /checkouts: newest first, CHECKOUTS_PAGE_SIZE a page; the page in one query and the total in another. */
    async listCheckouts(query: CheckoutsQuery): Promise<CheckoutsResponse> {
      const where = and(...checkoutConditions(query));
      const page = query.page ?? 1;
      const [rows, [total]] = await Promise.all([
        selectSummaries(db)
          .where(where)
          .orderBy(desc(checkouts.createdAt), desc(checkouts.orderNumber))
          .limit(CHECKOUTS_PAGE_SIZE)
          .offset((page - 1) * CHECKOUTS_PAGE_SIZE),
        db.select({ n: count() }).from(checkouts).where(where),
      ]);
      const n = Number(total?.n ?? 0);
      return { checkouts: rows.map((r) => toSummary(config.orderPrefix, r)), total: n, page, pages: Math.ceil(n / CHECKOUTS_PAGE_SIZE) };
    },

    /**
     * PUT /checkouts/{order_id}: every line of the checkout moves to `status` together, or none does (409 with the
     * shipping rules' reason). Lines already cancelled stay as they are when the others move on. Locks the checkout
     * and then its lines (the order of every path, see checkout/state.ts); a cancel gives each line's units back once
     * (detachLine, as PUT orders/{id}). One mail per change for the whole checkout, written with the change.
     */
    async shipCheckout(checkoutId: string, body: ShipCheckoutBody): Promise<{ message: string; checkout: CheckoutSummary }> {
      const status: ShippingStatus = body.status;
      const courier = body.courier?.trim() || null;
      const trackingNumber = body.tracking_number?.trim() || null;
      const trackingUrl = body.tracking_url?.trim() || null;
      if (status === 'Shipped' && (!courier || !trackingNumber)) throw badRequest(SHIPPED_NEEDS_TRACKING);

      let refundId: string | undefined;
      const { mailed, checkout } = await inTransaction(db, async (tx) => {
        refundId = undefined;
        const c = await lockCheckout(tx, checkoutId);
        if (!c) throw notFound(CHECKOUT_NOT_FOUND);
        const lines = await tx.select().from(orders).where(eq(orders.checkoutId, checkoutId)).orderBy(asc(orders.id)).for('update');
        if (lines.length === 0) throw notFound(CHECKOUT_NOT_FOUND);
        if (status === 'Shipped' && !(SHIPPABLE_PAYMENT_STATUSES as readonly string[]).includes(c.payment)) throw conflict(NOT_PAID_CANNOT_SHIP);
        const live = lines.filter((l) => l.status !== 'Canceled');
        const moving = status === 'Canceled' || live.length === 0 ? lines : live;
        for (const line of moving) {
          const refusal = shippingMoveRefusal(line.status, status);
          if (refusal) throw conflict(refusal);
        }

        const tracking = status === 'Shipped' ? { courier, trackingNumber, trackingUrl } : {};
        const changed = moving.filter(
          (l) =>
            l.status !== status ||
            (status === 'Shipped' && (l.courier !== courier || l.trackingNumber !== trackingNumber || l.trackingUrl !== trackingUrl)),
        );
        if (changed.length === 0) return { mailed: false, checkout: await getCheckout(tx, checkoutId) };
        if (status === 'Canceled') for (const line of changed) await detachLine(tx, line.id);
        const cancelling = status === 'Canceled' ? changed.filter((l) => l.status !== 'Canceled').map((l) => l.id) : [];
        const refund = cancelling.length > 0 ? await startCancelRefund(tx, now(), c, cancelling, { source: 'admin_cancel', reason: 'Cancelled by the shop' }) : null;
        refundId = refund?.id;
        await tx
          .update(orders)
          .set({ status, ...tracking, updatedAt: now() })
          .where(inArray(orders.id, changed.map((l) => l.id)));
        // Returned: the units back, the return counted (COD) and the shop told; Delivered on COD: the cash collected.
        const returnMailed =
          status === 'Returned'
            ? await returnLines(tx, now(), c, changed.filter((l) => l.status !== 'Returned').map((l) => l.id), { brand: config.brandName, shopEmail: config.shopEmail, orderPrefix: config.orderPrefix })
            : false;
        const payment = await settleCodAfterMove(tx, now(), c);

        // The customer hears of paid lines only (a line whose money is owed back is not theirs to receive).
        // Listed as the checkout lists them (the lines were locked in id order).
        const toMail = moving
          .filter((l) => !l.refundDue)
          .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.productName.localeCompare(b.productName));
        let mailed = returnMailed;
        if (isMailed(status) && (payment === PAID || payment === COD_TO_COLLECT) && toMail.length > 0) {
          const first = toMail[0]!;
          const mail = shippingMail(config.brandName, config.publicUrl, status, {
            customerName: first.userName,
            customerEmail: first.userEmail,
            orderNumber: formatOrderNumber(config.orderPrefix, c.orderNumber),
            productName: first.productName,
            variantLabel: first.variantLabel,
            cartQuantity: first.cartQuantity,
            price: paiseToRupees(first.unitPricePaise),
            items: toMail.map((l) => ({
              productName: l.productName,
              variantLabel: l.variantLabel,
              cartQuantity: l.cartQuantity,
              price: paiseToRupees(l.unitPricePaise),
              discount: paiseToRupees(l.discountPaise),
            })),
            delivery: deliveryOf(c),
            courier,
            trackingNumber,
            trackingUrl,
            ...(refund ? { refund: paiseToRupees(refund.amountPaise) } : {}),
          });
          // Written with the change, so it goes out once committed, even if the process stops right after.
          await writeMails(tx, now(), [{ kind: 'mail', data: mail }]);
          mailed = true;
        }
        return { mailed, checkout: await getCheckout(tx, checkoutId) };
      });
      if (mailed || refundId) outbox.wake();
      if (refundId) await submitRefund(refundId);
      return { message: STATUS_UPDATED, checkout };
    },

    /**
     * The checkouts matching the filters, oldest first, in batches of `batchSize` with their lines: keyset paging on
     * the order number (unique, and given in the order checkouts are placed), so each batch is one indexed query
     * pair and memory holds one batch at a time, on PGlite and PostgreSQL alike.
     */
    async *exportBatches(filters: CheckoutFilters, batchSize = EXPORT_BATCH_SIZE) {
      const conditions = checkoutConditions(filters);
      let after = 0;
      for (;;) {
        const batch = await db
          .select(exportColumns)
          .from(checkouts)
          .where(and(...conditions, gt(checkouts.orderNumber, after)))
          .orderBy(asc(checkouts.orderNumber))
          .limit(batchSize);
        if (batch.length === 0) return;
        after = batch[batch.length - 1]!.orderNumber;
        const lines = await db
          .select(exportLineColumns)
          .from(orders)
          .where(
            inArray(
              orders.checkoutId,
              batch.map((c) => c.id),
            ),
          )
          .orderBy(asc(orders.createdAt), asc(orders.productName));
        const byCheckout = new Map<string, (typeof lines)[number][]>();
        for (const l of lines) byCheckout.set(l.checkoutId, [...(byCheckout.get(l.checkoutId) ?? []), l]);
        yield batch.map((c) => ({ checkout: c, lines: byCheckout.get(c.id) ?? [] }));
        if (batch.length < batchSize) return;
      }
    },
  };
}

/**
 * Checkouts per batch of the export. Small, because a batch lives across the next query's wait and what is alive
 * then is promoted to the old heap: smaller batches keep the server's memory flatter (see bench/order-export.mjs).
 */
const EXPORT_BATCH_SIZE = 100;

/** What the CSV needs of a line. */
const exportLineColumns = {
  checkoutId: orders.checkoutId,
  userName: orders.userName,
  userEmail: orders.userEmail,
  productName: orders.productName,
  variantLabel: orders.variantLabel,
  sku: orders.sku,
  unitPricePaise: orders.unitPricePaise,
  discountPaise: orders.discountPaise,
  cartQuantity: orders.cartQuantity,
  status: orders.status,
  refundDue: orders.refundDue,
  hsnCode: orders.hsnCode,
  gstRateBp: orders.gstRateBp,
  courier: orders.courier,
  trackingNumber: orders.trackingNumber,
};
/** One batch of the export: checkouts with their lines. */
export type ExportBatch = ReturnType<OrderDeskService['exportBatches']> extends AsyncGenerator<infer T> ? T : never;
