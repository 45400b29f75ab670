/**
 * Checkout: POST /orders (re-price, reserve, provider order), payment verification, the sandbox checkout,
 * Razorpay webhooks and the reservation sweep, on top of the stock and payment state machine (state.ts).
 * One factory, wired once per app with its dependencies.
 */
import { randomBytes } from 'node:crypto';
import { and, count, eq, gte, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { MAX_LINE_QUANTITY, ORDER_STATUS_AWAITING_PAYMENT, RESERVATION_MINUTES } from '@shop/domain/constants';
import { paiseToRupees, toProviderAmount } from '@shop/domain/money';
import type { CreateOrderBody, CreateOrderResponse } from '@shop/domain/schemas/orders';
import type { PaymentResult } from '@shop/domain/schemas/payments';
import type { Config } from '../../config.js';
import type { Db, Tx } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import { checkouts, orders, products, webhookEvents } from '../../db/schema.js';
import { sendInBackground } from '../../lib/background-mail.js';
import { badRequest, conflict, isForeignKeyViolation, isUniqueViolation, notFound, tooManyRequests } from '../../lib/http-errors.js';
import type { Mail, Mailer } from '../../lib/mailer.js';
import type { PaymentProvider } from '../../lib/payments/provider.js';
import type { SandboxProvider } from '../../lib/payments/sandbox.js';
import type { AuthUser } from '../../plugins/auth.js';
import { newOrderMail, orderConfirmationMail, refundDueMail } from './mails.js';
import { PAID, REFUND_DUE, applyPayment, applyPaymentFailure, releaseExpiredReservations, type PaymentOutcome } from './state.js';

export interface CheckoutDeps {
  db: Db;
  now: () => Date;
  config: Pick<Config, 'brandName' | 'publicUrl' | 'shopEmail'>;
  mailer: Mailer;
  payments: PaymentProvider;
  log: FastifyBaseLogger;
}

export const PAYMENT_UNAVAILABLE = 'Payment provider unavailable, please try again';
export const PAYMENT_VERIFICATION_FAILED = 'Payment verification failed';
export const PAYMENT_FAILED = 'Payment Failed';
export const REFUND_DUE_MESSAGE =
  'Your reservation expired and the stock sold out before your payment arrived; your payment will be refunded';
const ORDER_NOT_FOUND = 'Order not found';

/** Razorpay's and PostgreSQL integer limits are far above a farm order; anything larger is a mistake. */
const MAX_AMOUNT_PAISE = 1_000_000_000;
/** Unpaid checkouts one shopper may hold at once, so nobody can hoard stock with reservations. */
export const MAX_OPEN_CHECKOUTS = 5;
export const TOO_MANY_OPEN_CHECKOUTS = `You have ${MAX_OPEN_CHECKOUTS} unpaid checkouts waiting; pay one or try again in ${RESERVATION_MINUTES} minutes`;

export function stockMessage(name: string, left: number): string {
  return left > 0 ? `Only ${left} left of ${name}` : `${name} is out of stock`;
}

function newReceipt(): string {
  return `rcpt_${randomBytes(8).toString('hex')}`;
}

/** Raised when the provider could not create its order; the route answers 502 (the error handler hides 5xx texts). */
export class PaymentUnavailableError extends Error {}

export type VerificationAnswer = { status: 200 | 400 | 409; body: { success: boolean; message?: string } };
export type WebhookResult = 'processed' | 'duplicate' | 'ignored';

function entity(payload: unknown, kind: 'payment' | 'order'): Record<string, unknown> | undefined {
  const wrapper = (payload as Record<string, unknown> | undefined)?.[kind] as { entity?: unknown } | undefined;
  const e = wrapper?.entity;
  return e && typeof e === 'object' ? (e as Record<string, unknown>) : undefined;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v.length > 0 && v.length <= 100 ? v : undefined);

export type CheckoutService = ReturnType<typeof createCheckoutService>;

export function createCheckoutService(deps: CheckoutDeps) {
  const { db, now, config, mailer, payments, log } = deps;

  /** The mails a payment outcome sends, built after the state change. */
  function mailsOf(outcome: PaymentOutcome): Mail[] {
    if (outcome.kind === 'not_found' || !outcome.changed) return [];
    const c = outcome.checkout;
    if (outcome.kind === 'refund_due') return [refundDueMail(config.brandName, config.shopEmail, c)];
    const shop = newOrderMail(config.brandName, config.shopEmail, c);
    return c.customerEmail ? [orderConfirmationMail(config.brandName, config.publicUrl, c), shop] : [shop];
  }

  /** A checkout of the caller's; someone else's answers the same 404 as a missing one. */
  async function findOwnCheckout(userId: string, checkoutId: string) {
    const [row] = await db
      .select({ id: checkouts.id, userId: checkouts.userId, payment: checkouts.payment })
      .from(checkouts)
      .where(eq(checkouts.id, checkoutId));
    if (!row || row.userId !== userId) throw notFound(ORDER_NOT_FOUND);
    return row;
  }

  /** The reservation transaction; a product deleted since it was read surfaces as a foreign key violation. */
  async function reserve(fn: (tx: Tx) => Promise<void>): Promise<void> {
    try {
      await inTransaction(db, fn);
    } catch (err) {
      if (isForeignKeyViolation(err)) throw notFound('A product in your cart was just removed from the shop');
      throw err;
    }
  }

  /** applyPayment in its own transaction; a payment id already recorded on another checkout is a 409. */
  async function payCheckout(checkoutId: string, paymentId: string): Promise<PaymentOutcome> {
    try {
      return await inTransaction(db, (tx) => applyPayment(tx, now(), checkoutId, paymentId));
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict('This payment was already recorded for another order');
      throw err;
    }
  }

  return {
    /**
     * POST /orders. The amount comes from the database only (client prices and currency are ignored); the units
     * are taken from stock atomically (all lines or none) together with the checkout and its lines.
     */
    async createOrder(user: AuthUser, body: CreateOrderBody): Promise<CreateOrderResponse> {
      // Duplicate lines of one product become one line.
      const wanted = new Map<string, number>();
      for (const item of body.cart) wanted.set(item._id, (wanted.get(item._id) ?? 0) + item.cart_quantity);
      for (const quantity of wanted.values()) {
        if (quantity > MAX_LINE_QUANTITY) throw badRequest(`At most ${MAX_LINE_QUANTITY} of one product fit in one order`);
      }

      // Lapsed reservations of other shoppers first go back to stock, so they do not block this one.
      await releaseExpiredReservations(db, now());

      const [open] = await db
        .select({ n: count() })
        .from(checkouts)
        .where(and(eq(checkouts.userId, user.id), eq(checkouts.stockState, 'reserved'), eq(checkouts.payment, 'Pending')));
      if ((open?.n ?? 0) >= MAX_OPEN_CHECKOUTS) throw tooManyRequests(TOO_MANY_OPEN_CHECKOUTS);

      const ids = [...wanted.keys()];
      const rows = await db
        .select({ id: products.id, name: products.name, slug: products.slug, pricePaise: products.pricePaise, image: products.image, quantity: products.quantity })
        .from(products)
        .where(inArray(products.id, ids));
      const byId = new Map(rows.map((r) => [r.id, r]));
      const lines = ids.map((id) => {
        const product = byId.get(id);
        if (!product) throw notFound(`Product ${id} was not found; it may have been removed from the shop`);
        return { product, quantity: wanted.get(id)! };
      });
      // A cheap early answer before any provider call; the decrement below is what actually decides.
      for (const { product, quantity } of lines) {
        if (product.quantity < quantity) throw conflict(stockMessage(product.name, product.quantity));
      }

      const amountPaise = toProviderAmount(
        lines.map(({ product, quantity }) => ({ price: paiseToRupees(product.pricePaise), cart_quantity: quantity })),
      );
      if (amountPaise > MAX_AMOUNT_PAISE) throw badRequest('The order total is too large for one payment; please split the order');

      // The provider order comes first, outside any transaction: when the provider fails nothing is reserved, and no
      // row lock is held during a network call. An order whose reservation then fails is simply never paid.
      const receipt = newReceipt();
      let providerOrderId: string;
      try {
        providerOrderId = (await payments.createOrder({ amountPaise, receipt })).id;
      } catch (err) {
        log.error({ err, receipt }, 'payment provider could not create an order');
        throw new PaymentUnavailableError(PAYMENT_UNAVAILABLE);
      }

      const createdAt = now();
      const reservedUntil = new Date(createdAt.getTime() + RESERVATION_MINUTES * 60_000);
      await reserve(async (tx) => {
        // The rows first and the stock last: a popular product's row stays locked only from its decrement to the
        // commit, which is what bounds checkouts per second on one product.
        await tx.insert(checkouts).values({
          id: providerOrderId,
          userId: user.id,
          receipt,
          amountPaise,
          currency: 'INR',
          reservedUntil,
          createdAt,
          updatedAt: createdAt,
        });
        await tx.insert(orders).values(
          lines.map(({ product, quantity }) => ({
            checkoutId: providerOrderId,
            userId: user.id,
            userName: user.name,
            userEmail: user.email,
            productId: product.id,
            productName: product.name,
            productSlug: product.slug,
            productImage: product.image,
            unitPricePaise: product.pricePaise,
            cartQuantity: quantity,
            status: ORDER_STATUS_AWAITING_PAYMENT,
            createdAt,
            updatedAt: createdAt,
          })),
        );
        // Product rows in id order, so two carts with the same products never deadlock. A failed line throws,
        // which rolls back the earlier lines and the rows above: all lines or none.
        for (const { product, quantity } of [...lines].sort((a, b) => (a.product.id < b.product.id ? -1 : 1))) {
          const [taken] = await tx
            .update(products)
            .set({ quantity: sql`${products.quantity} - ${quantity}` })
            .where(and(eq(products.id, product.id), gte(products.quantity, quantity)))
            .returning({ id: products.id });
          if (!taken) {
            const [current] = await tx.select({ name: products.name, quantity: products.quantity }).from(products).where(eq(products.id, product.id));
            if (!current) throw notFound(`Product ${product.name} was removed from the shop`);
            throw conflict(stockMessage(current.name, current.quantity));
          }
        }
      });
      return { amount: amountPaise, order_id: providerOrderId, name: user.name, email: user.email, phone: user.phone };
    },

    /** POST /orders/paymentverification: a signed checkout result marks the checkout paid, once. */
    async verifyPayment(user: AuthUser, body: PaymentResult): Promise<VerificationAnswer> {
      const checkout = await findOwnCheckout(user.id, body.razorpay_order_id);
      if (!payments.verifySignature(checkout.id, body.razorpay_payment_id, body.razorpay_signature)) {
        log.warn({ orderId: checkout.id }, 'payment signature did not verify');
        return { status: 400, body: { success: false, message: PAYMENT_VERIFICATION_FAILED } };
      }
      const outcome = await payCheckout(checkout.id, body.razorpay_payment_id);
      if (outcome.kind === 'not_found') throw notFound(ORDER_NOT_FOUND);
      sendInBackground(mailer, log, mailsOf(outcome));
      if (outcome.kind === 'refund_due') return { status: 409, body: { success: false, message: REFUND_DUE_MESSAGE } };
      return { status: 200, body: { success: true } };
    },

    /** POST /payments/sandbox/checkout, outcome success: what Razorpay's checkout would hand the browser. */
    async sandboxPay(sandbox: SandboxProvider, user: AuthUser, orderId: string) {
      const checkout = await findOwnCheckout(user.id, orderId);
      if (checkout.payment === PAID || checkout.payment === REFUND_DUE) throw conflict('This order is already paid');
      return sandbox.completePayment(checkout.id);
    },

    /** Outcome failure: the checkout is marked Failed and its reservation released at once. */
    async sandboxFail(user: AuthUser, orderId: string): Promise<void> {
      const checkout = await findOwnCheckout(user.id, orderId);
      if (checkout.payment === PAID || checkout.payment === REFUND_DUE) throw conflict('This order is already paid');
      await inTransaction(db, (tx) => applyPaymentFailure(tx, now(), checkout.id));
    },

    /**
     * One verified webhook delivery. The event id is recorded in the same transaction as its effect, so a delivery
     * that failed half-way is retried by Razorpay, and one that succeeded is dropped when delivered again.
     */
    async handleWebhookEvent(body: unknown, eventId: string | undefined): Promise<WebhookResult> {
      const event = str((body as { event?: unknown } | null)?.event) ?? '';
      const payload = (body as { payload?: unknown } | null)?.payload;
      let mails: Mail[] = [];
      const result = await inTransaction(db, async (tx): Promise<WebhookResult> => {
        mails = [];
        if (eventId) {
          const inserted = await tx
            .insert(webhookEvents)
            .values({ id: eventId, event: event.slice(0, 100), createdAt: now() })
            .onConflictDoNothing()
            .returning({ id: webhookEvents.id });
          if (inserted.length === 0) return 'duplicate';
        }
        const payment = entity(payload, 'payment');
        switch (event) {
          case 'payment.captured':
          case 'order.paid': {
            const orderId = str(event === 'order.paid' ? (entity(payload, 'order')?.id ?? payment?.order_id) : payment?.order_id);
            const paymentId = str(payment?.id);
            if (!orderId || !paymentId) return 'ignored';
            const outcome = await applyPayment(tx, now(), orderId, paymentId);
            if (outcome.kind === 'not_found') return 'ignored';
            mails = mailsOf(outcome);
            return 'processed';
          }
          case 'payment.failed': {
            const orderId = str(payment?.order_id);
            if (!orderId) return 'ignored';
            const outcome = await applyPaymentFailure(tx, now(), orderId);
            return outcome === 'failed' ? 'processed' : 'ignored';
          }
          default:
            return 'ignored';
        }
      });
      sendInBackground(mailer, log, mails);
      return result;
    },

    /** The reservation sweep: unpaid reservations that lapsed go back to stock. */
    releaseExpired(): Promise<number> {
      return releaseExpiredReservations(db, now());
    },
  };
}
