/**
 * Cash on delivery (issue 29): the settings and the delivery fee as checkout reads them, the eligibility rules in plain
 * words, the confirm link's token, and the COD steps of the state machine (state.ts):
 *
 *   placed ('COD: to confirm', units held until reserved_until, the confirm deadline)
 *     -> confirmed by the mailed link or the admin ('COD: to collect', units sold, lines Processing, invoice number)
 *          -> Delivered: the courier collected the cash ('Paid')
 *          -> every line Returned or Canceled: nothing delivered ('COD: not collected')
 *     -> not confirmed in time: the sweep expires it ('Expired', units back), as an unpaid online checkout
 *
 * Locks, in the order state.ts names: the checkout, then its lines, then (a return) the shopper's row, then sizes.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  COD_NOT_COLLECTED,
  COD_TO_COLLECT,
  COD_TO_CONFIRM,
  ORDER_STATUS_AWAITING_PAYMENT,
  type PaymentStatus,
} from '@shop/domain/constants';
import { formatPrice, paiseToRupees } from '@shop/domain/money';
import { formatOrderNumber } from '@shop/domain/order-number';
import { financialYear } from '@shop/domain/tax';
import type { Tx } from '../../db/client.js';
import { checkouts, orders, users } from '../../db/schema.js';
import { writeMails } from '../../lib/mail-outbox.js';
import { escapeHtml, greetingMail, linkPage, mailLayout, type Mail } from '../../lib/mailer.js';
import { CHECKOUT_MAIL, nameWithSize, type CheckoutMailData } from './mails.js';
import { PAID, addUnits, lineSizeOf, lockCheckout, releaseReservation } from './state.js';

export function codOpenMessage(open: number, max: number): string {
  return `This phone number already has ${open} cash-on-delivery ${open === 1 ? 'order' : 'orders'} open (at most ${max} at a time); confirm or receive ${open === 1 ? 'it' : 'them'} first, or pay online`;
}

export function codReturnsMessage(returns: number): string {
  return `Cash on delivery is not available for this account: ${returns} cash-on-delivery ${returns === 1 ? 'parcel' : 'parcels'} came back undelivered. Please pay online`;
}

/** The shop's own id of a COD checkout (there is no provider order): `cod_` and 24 hex digits. */
export function newCodOrderId(): string {
  return `cod_${randomBytes(12).toString('hex')}`;
}

/** The confirm link's secret: the token goes in the mail, only its hash is stored. */
export function newConfirmToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashConfirmToken(token) };
}

export function hashConfirmToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export const codConfirmPath = (token: string) => `/api/checkouts/cod/confirm/${token}`;

/** What a confirmation answers: confirmed now, already (a second use: nothing changed), too late, unknown, or not COD. */
export type CodConfirmOutcome = 'confirmed' | 'already' | 'expired' | 'not_found' | 'not_cod';

/** The mails a confirmation writes: the shopper's confirmation (with the invoice) and the shop's new-order note. */
function confirmedMails(checkoutId: string) {
  const data: CheckoutMailData = { checkoutId, paymentId: '' };
  return [
    { kind: CHECKOUT_MAIL.confirmation, data },
    { kind: CHECKOUT_MAIL.newOrder, data },
  ];
}

/**
 * Confirms a COD checkout, once: locked, still waiting for its confirmation and within its deadline, it becomes
 * 'COD: to collect' with its units sold, its lines waiting for it Processing and the next invoice number (as a payment
 * does, shop_next_invoice_number), and its mails are written to the outbox. A checkout whose deadline passed is expired
 * here (its units back) if the sweep has not done it yet. A checkout whose every line an admin cancelled meanwhile has
 * nothing to confirm: 'COD: not collected', no invoice, no mail.
 */
export async function confirmCodCheckout(tx: Tx, now: Date, checkoutId: string, invoicePrefix: string): Promise<CodConfirmOutcome> {
  const c = await lockCheckout(tx, checkoutId);
  if (!c) return 'not_found';
  if (c.paymentMethod !== 'cod') return 'not_cod';
  if (c.payment !== COD_TO_CONFIRM) return c.confirmedAt ? 'already' : 'expired';
  if (c.reservedUntil.getTime() <= now.getTime() || c.stockState !== 'reserved') {
    await releaseReservation(tx, now, checkoutId, { expiredBefore: new Date(now.getTime() + 1) });
    return 'expired';
  }
  const lines = await tx.select({ id: orders.id, status: orders.status }).from(orders).where(eq(orders.checkoutId, checkoutId)).orderBy(asc(orders.id)).for('update');
  const live = lines.filter((l) => l.status !== 'Canceled');
  if (live.length === 0) {
    await tx.update(checkouts).set({ payment: COD_NOT_COLLECTED, stockState: 'sold', confirmedAt: now, updatedAt: now }).where(eq(checkouts.id, checkoutId));
    return 'confirmed';
  }
  await tx
    .update(orders)
    .set({ status: 'Processing', updatedAt: now })
    .where(and(eq(orders.checkoutId, checkoutId), eq(orders.status, ORDER_STATUS_AWAITING_PAYMENT)));
  const [numbered] = await tx
    .select({ number: sql<string>`number` })
    .from(sql`shop_next_invoice_number(${invoicePrefix}, ${financialYear(now)}) as number`);
  await tx
    .update(checkouts)
    .set({ payment: COD_TO_COLLECT, stockState: 'sold', confirmedAt: now, invoiceNumber: numbered!.number, updatedAt: now })
    .where(eq(checkouts.id, checkoutId));
  await writeMails(tx, now, confirmedMails(checkoutId));
  return 'confirmed';
}

type CheckoutRow = typeof checkouts.$inferSelect;

/**
 * A parcel came back to the farm (shipping status Returned on `lineIds`, already written): each line's units go back
 * on the shelf, once (restocked); a COD checkout's first return counts once against its account (users.cod_returns);
 * and the shop is mailed. Answers whether a mail was written. The caller holds the checkout's and the lines' locks.
 */
export async function returnLines(
  tx: Tx,
  now: Date,
  c: CheckoutRow,
  lineIds: string[],
  mail: { brand: string; shopEmail: string; orderPrefix: string },
): Promise<boolean> {
  if (lineIds.length === 0) return false;
  let returns: number | null = null;
  // The shopper's row before any size row, as a reservation takes them.
  if (c.paymentMethod === 'cod' && c.returnedAt === null && c.userId) {
    const [u] = await tx
      .update(users)
      .set({ codReturns: sql`${users.codReturns} + 1` })
      .where(eq(users.id, c.userId))
      .returning({ n: users.codReturns });
    returns = u?.n ?? null;
  }
  if (c.returnedAt === null) await tx.update(checkouts).set({ returnedAt: now, updatedAt: now }).where(eq(checkouts.id, c.id));
  const lines = await tx
    .select({ id: orders.id, size: lineSizeOf, quantity: sql<number>`${orders.cartQuantity} - ${orders.restockedQuantity}`, restocked: orders.restocked, productId: orders.productId, name: orders.productName, label: orders.variantLabel, userName: orders.userName, userEmail: orders.userEmail })
    .from(orders)
    .where(inArray(orders.id, lineIds))
    .orderBy(asc(lineSizeOf));
  const held = c.stockState === 'reserved' || c.stockState === 'sold';
  for (const l of lines) {
    if (l.restocked) continue;
    await tx.update(orders).set({ restocked: true }).where(eq(orders.id, l.id));
    if (held && l.productId && l.size && l.quantity > 0) await addUnits(tx, l.size, l.quantity);
  }
  const number = formatOrderNumber(mail.orderPrefix, c.orderNumber);
  const who = `${lines[0]?.userName ?? ''} <${lines[0]?.userEmail ?? ''}>`;
  const items = lines.map((l) => `- ${nameWithSize(l.name, l.label)} x ${l.quantity}`);
  const method = c.paymentMethod === 'cod' ? 'cash on delivery (nothing was collected)' : 'paid online';
  const counted = returns !== null ? `This is return number ${returns} of this account; at the shop's limit it may no longer choose cash on delivery.` : '';
  const text = [
    `Order ${number} of ${who} came back to the farm (returned to origin); it was ${method}.`,
    '',
    ...items,
    '',
    'These units are back in stock.',
    ...(counted ? [counted] : []),
  ];
  const message: Mail = {
    to: mail.shopEmail,
    subject: `Order ${number} was returned to the farm`,
    text: text.join('\n'),
    html: mailLayout(mail.brand, text.map((t) => (t ? `<p>${escapeHtml(t)}</p>` : '')).join('\n')),
  };
  await writeMails(tx, now, [{ kind: 'mail', data: message }]);
  return true;
}

/**
 * What a shipping move means for a COD checkout's money, after the lines' statuses are written (the caller holds the
 * checkout's lock): Delivered on a confirmed COD checkout means the courier collected the cash ('Paid', paid now); a
 * confirmed COD checkout none of whose lines can still be delivered (each Returned or Canceled) collects nothing
 * ('COD: not collected'). Answers the checkout's payment after the move.
 */
export async function settleCodAfterMove(tx: Tx, now: Date, c: CheckoutRow): Promise<PaymentStatus> {
  const payment = c.payment as PaymentStatus;
  if (c.paymentMethod !== 'cod' || payment !== COD_TO_COLLECT) return payment;
  const statuses = (await tx.select({ status: orders.status }).from(orders).where(eq(orders.checkoutId, c.id))).map((l) => l.status);
  let next: PaymentStatus = payment;
  if (statuses.includes('Delivered')) next = PAID;
  else if (statuses.every((s) => s === 'Returned' || s === 'Canceled')) next = COD_NOT_COLLECTED;
  if (next === payment) return payment;
  await tx
    .update(checkouts)
    .set({ payment: next, ...(next === PAID ? { paidAt: now } : {}), updatedAt: now })
    .where(eq(checkouts.id, c.id));
  return next;
}

/** The shopper's mail with the one-time confirm link. */
export function codConfirmMail(
  brand: string,
  link: string,
  c: { customerName: string; customerEmail: string; orderNumber: string; total: number; lines: Array<{ productName: string; variantLabel?: string | null; cartQuantity: number }> },
  deadline: Date,
): Mail {
  const total = formatPrice(c.total, 'INR', 1);
  const by = deadline.toLocaleString('en-IN', { timeZone: 'Asia/Kolkata', dateStyle: 'medium', timeStyle: 'short' });
  const items = c.lines.map((l) => `- ${nameWithSize(l.productName, l.variantLabel)} x ${l.cartQuantity}`);
  const href = escapeHtml(link);
  return greetingMail(
    brand,
    c.customerEmail,
    c.customerName,
    `Please confirm your ${brand} cash-on-delivery order ${c.orderNumber}`,
    [
      `Thank you for your order ${c.orderNumber}, to be paid in cash on delivery: ${total}.`,
      '',
      ...items,
      '',
      `Please confirm it by opening this link before ${by} (IST); unconfirmed, it is cancelled then. The link can be used once:`,
      '',
      link,
      '',
      'If you did not place this order, ignore this mail and nothing will be sent.',
    ],
    `<p>Thank you for your order <b>${escapeHtml(c.orderNumber)}</b>, to be paid in cash on delivery: <b>${escapeHtml(total)}</b>.</p>
<p>${items.map(escapeHtml).join('<br>')}</p>
<p>Please confirm it before ${escapeHtml(by)} (IST); unconfirmed, it is cancelled then.</p>
<p style="margin:24px 0"><a href="${href}" style="background:#3f5a2a;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold">Confirm my order</a></p>
<p style="font-size:13px;color:#7a705c">If the button does not work, copy this link into your browser:<br><a href="${href}" style="color:#3f5a2a;word-break:break-all">${href}</a></p>
<p>If you did not place this order, ignore this mail and nothing will be sent.</p>`,
  );
}

const inr = (paise: number) => formatPrice(paiseToRupees(paise), 'INR', 1);

/** The page the confirm link answers. */
export function codConfirmPage(
  brand: string,
  publicUrl: string,
  outcome: CodConfirmOutcome,
  order?: { number: string; totalPaise: number },
): { status: 200 | 404 | 410; html: string; message: string } {
  const what = order ? `Your order ${order.number}` : 'Your order';
  const collect = order ? ` Please keep ${inr(order.totalPaise)} ready for the courier.` : '';
  const pages: Record<CodConfirmOutcome, { status: 200 | 404 | 410; title: string; body: string }> = {
    confirmed: { status: 200, title: 'Order confirmed', body: `${what} is confirmed. We will pack it soon and mail you when it ships.${collect}` },
    already: { status: 200, title: 'Already confirmed', body: `${what} is already confirmed; nothing more to do.${collect}` },
    expired: { status: 410, title: 'This link has expired', body: `${what} was not confirmed in time and was cancelled; nothing will be sent. You can order again from the shop.` },
    not_found: { status: 404, title: 'Link not recognised', body: 'This confirmation link is not valid. Please use the link from your latest order mail.' },
    not_cod: { status: 404, title: 'Link not recognised', body: 'This confirmation link is not valid. Please use the link from your latest order mail.' },
  };
  const p = pages[outcome];
  const html = linkPage(brand, p.title, p.body, [
    { href: `${publicUrl}/orders`, text: 'Your orders' },
    { href: `${publicUrl}/`, text: 'Back to the shop' },
  ]);
  return { status: p.status, html, message: `${p.title}. ${p.body}` };
}

/** The confirm page's own policy: the API's `default-src 'none'`, with its one inline style allowed. */
export const CONFIRM_PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
