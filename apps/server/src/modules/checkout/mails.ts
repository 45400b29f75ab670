/**
 * Checkout mails: the customer's confirmation (with the invoice attached by the service), the shop's new-order note,
 * and the shop's refund-due alerts (payment after the stock was gone, canceled lines paid for, a second payment).
 */
import { formatPrice } from '@shop/domain/money';
import type { Delivery } from '@shop/domain/schemas/orders';
import type { OutboxMail } from '../../lib/mail-outbox.js';
import { escapeHtml, greetingMail, mailLayout, type Mail } from '../../lib/mailer.js';

interface MailLine {
  productName: string;
  /** The size as sold ("500 ml"), shown beside the name; null on lines sold before sizes. */
  variantLabel?: string | null;
  cartQuantity: number;
  /** Unit price paid, in rupees. */
  price: number;
  /** Canceled while unpaid, then paid for: the shop owes this line's money back. */
  refundDue?: boolean;
}

export interface MailCheckout {
  orderId: string;
  /** The order number people read (`SF-10234`); the provider's receipt stays for the shop's reconciliation only. */
  orderNumber: string;
  receipt: string;
  paymentId: string;
  /** Amount paid, in rupees. */
  total: number;
  customerName: string;
  customerEmail: string;
  delivery: Delivery | null;
  invoiceNumber: string | null;
  lines: MailLine[];
  /** 'cod': paid in cash on delivery (the mails say so instead of "paid"); absent means online. */
  paymentMethod?: 'online' | 'cod';
  /** The delivery fee and the COD fee in rupees (part of `total`); a fee of 0 is not mentioned. */
  shippingFee?: number;
  codFee?: number;
  /** A COD checkout's confirm deadline. */
  confirmBy?: Date;
}

/*
 * How an order line names what was sold wherever people read it (these mails, the shipping mails, the invoice, the
 * packing label): the product's name as sold and the size's label beside it.
 */

/**
 * The size worth showing beside the name: none for a line sold before sizes, for the placeholder "Standard" that
 * migration 0012 gave products sold in one unnamed size, or when the name already ends with it (products named
 * "A2 Ghee 500 ml" before sizes existed).
 */
function sizeToShow(name: string, label: string | null | undefined): string {
  if (!label || label.trim().toLowerCase() === 'standard') return '';
  const squash = (s: string) => s.toLowerCase().replace(/\s+/g, '');
  return squash(name).endsWith(squash(label)) ? '' : label;
}

/** "A2 Gir Cow Bilona Ghee (250 ml)"; the name alone when there is no size worth showing (sizeToShow). */
export function nameWithSize(name: string, label: string | null | undefined): string {
  const size = sizeToShow(name, label);
  return size ? `${name} (${size})` : name;
}

/**
 * The size and SKU as sold, written under the product's name on the invoice: "250 ml, SKU A2GHEE-250" (the size left
 * out when not worth showing); '' for a line sold before sizes.
 */
export function sizeAndSku(name: string, label: string | null | undefined, sku: string | null | undefined): string {
  return [sizeToShow(name, label), sku ? `SKU ${sku}` : ''].filter(Boolean).join(', ');
}

const inr = (rupees: number) => formatPrice(rupees, 'INR', 1);

const REFUND_NOTE = ' (canceled before payment: to be refunded)';

function linesText(lines: MailLine[]): string[] {
  return lines.map((l) => `- ${nameWithSize(l.productName, l.variantLabel)} x ${l.cartQuantity} at ${inr(l.price)}${l.refundDue ? REFUND_NOTE : ''}`);
}

/** The fees a checkout charged besides its items, as lines of a mail: "Delivery: ₹ 60.00", "Cash on delivery fee: ₹ 49.00". */
function feesText(c: Pick<MailCheckout, 'shippingFee' | 'codFee'>): string[] {
  return [
    ...(c.shippingFee ? [`Delivery: ${inr(c.shippingFee)}`] : []),
    ...(c.codFee ? [`Cash on delivery fee: ${inr(c.codFee)}`] : []),
  ];
}

function feesHtml(c: Pick<MailCheckout, 'shippingFee' | 'codFee'>): string {
  const fees = feesText(c);
  return fees.length ? `<p style="margin:4px 8px">${fees.map(escapeHtml).join('<br>')}</p>` : '';
}

const isCod = (c: MailCheckout) => c.paymentMethod === 'cod';

/** Name, phone and address as the courier needs them, one item a line. */
export function deliveryText(d: Delivery | null): string[] {
  if (!d) return ['(no delivery address was recorded)'];
  return [d.name, `Phone: ${d.phone}`, ...d.address.split(/\r?\n/), [d.state, d.pin].filter(Boolean).join(' ')].filter((l) => l.trim() !== '');
}

export function deliveryHtml(d: Delivery | null): string {
  return `<p style="margin:12px 0;padding:12px 16px;background:#f6f1e7;border-radius:6px"><b>Deliver to</b><br>${deliveryText(d)
    .map(escapeHtml)
    .join('<br>')}</p>`;
}

function linesHtml(lines: MailLine[]): string {
  const rows = lines
    .map(
      (l) =>
        `<tr><td style="padding:4px 8px">${escapeHtml(nameWithSize(l.productName, l.variantLabel) + (l.refundDue ? REFUND_NOTE : ''))}</td><td style="padding:4px 8px;text-align:right">${l.cartQuantity}</td><td style="padding:4px 8px;text-align:right">${escapeHtml(inr(l.price))}</td></tr>`,
    )
    .join('');
  return `<table role="presentation" cellpadding="0" cellspacing="0" style="border-collapse:collapse;margin:12px 0">
<tr><th style="padding:4px 8px;text-align:left">Product</th><th style="padding:4px 8px;text-align:right">Qty</th><th style="padding:4px 8px;text-align:right">Price</th></tr>${rows}</table>`;
}

/** What was bought and where it goes, as both the customer's and the shop's mail list them. */
function linesAndDeliveryText(c: MailCheckout): string[] {
  const fees = feesText(c);
  return [...linesText(c.lines), ...(fees.length ? ['', ...fees] : []), '', 'Deliver to:', ...deliveryText(c.delivery)];
}

/** The references the shop reconciles a payment by (the provider's dashboard names the order and the payment). */
function referencesText(c: MailCheckout): string[] {
  if (isCod(c)) return [`Order number: ${c.orderNumber}`, `Receipt: ${c.receipt}`, `Payment: cash on delivery (collect ${inr(c.total)})`];
  return [`Order number: ${c.orderNumber}`, `Receipt: ${c.receipt}`, `Razorpay order: ${c.orderId}`, `Payment: ${c.paymentId}`];
}

function referencesHtml(c: MailCheckout): string {
  if (isCod(c)) {
    return `<p style="font-size:13px;color:#7a705c">Order number ${escapeHtml(c.orderNumber)} &middot; receipt ${escapeHtml(c.receipt)} &middot; cash on delivery: collect ${escapeHtml(inr(c.total))}</p>`;
  }
  return `<p style="font-size:13px;color:#7a705c">Order number ${escapeHtml(c.orderNumber)} &middot; receipt ${escapeHtml(c.receipt)} &middot; Razorpay order ${escapeHtml(c.orderId)} &middot; payment ${escapeHtml(c.paymentId)}</p>`;
}

export function orderConfirmationMail(brand: string, publicUrl: string, c: MailCheckout): Mail {
  const ordersLink = `${publicUrl}/orders`;
  return greetingMail(
    brand,
    c.customerEmail,
    c.customerName,
    `Your ${brand} order ${c.orderNumber} is confirmed`,
    [
      isCod(c)
        ? `Thank you for confirming your order ${c.orderNumber}. We will pack it soon; please pay ${inr(c.total)} in cash on delivery.`
        : `Thank you for your order ${c.orderNumber}. We received your payment of ${inr(c.total)} and will pack your order soon.`,
      '',
      ...linesAndDeliveryText(c),
      '',
      `Order number: ${c.orderNumber}`,
      isCod(c) ? `Payment: cash on delivery, ${inr(c.total)}` : `Payment: ${c.paymentId}`,
      ...(c.invoiceNumber ? [`Tax invoice: ${c.invoiceNumber} (attached)`] : []),
      '',
      `You can follow your order at ${ordersLink}`,
    ],
    `<p>${
        isCod(c)
          ? `Thank you for confirming your order <b>${escapeHtml(c.orderNumber)}</b>. We will pack it soon; please pay <b>${escapeHtml(inr(c.total))}</b> in cash on delivery.`
          : `Thank you for your order <b>${escapeHtml(c.orderNumber)}</b>. We received your payment of <b>${escapeHtml(inr(c.total))}</b> and will pack your order soon.`
      }</p>
${linesHtml(c.lines)}
${feesHtml(c)}
${deliveryHtml(c.delivery)}
<p style="font-size:13px;color:#7a705c">Order number ${escapeHtml(c.orderNumber)} &middot; ${isCod(c) ? 'cash on delivery' : `payment ${escapeHtml(c.paymentId)}`}${c.invoiceNumber ? ` &middot; tax invoice ${escapeHtml(c.invoiceNumber)} (attached)` : ''}</p>
<p>You can follow your order on <a href="${escapeHtml(ordersLink)}" style="color:#3f5a2a">your orders page</a>.</p>`,
  );
}

export function newOrderMail(brand: string, shopEmail: string, c: MailCheckout): Mail {
  return {
    to: shopEmail,
    subject: `New order ${c.orderNumber}: ${inr(c.total)} from ${c.customerName}${isCod(c) ? ' (cash on delivery)' : ''}`,
    text: [
      isCod(c)
        ? `${c.customerName} <${c.customerEmail}> confirmed a cash-on-delivery order: collect ${inr(c.total)} on delivery.`
        : `${c.customerName} <${c.customerEmail}> paid ${inr(c.total)}.`,
      '',
      ...linesAndDeliveryText(c),
      '',
      ...referencesText(c),
      ...(c.invoiceNumber ? [`Tax invoice: ${c.invoiceNumber}`] : []),
    ].join('\n'),
    html: mailLayout(
      brand,
      `<p><b>${escapeHtml(c.customerName)}</b> &lt;${escapeHtml(c.customerEmail)}&gt; ${
        isCod(c) ? `confirmed a cash-on-delivery order: collect <b>${escapeHtml(inr(c.total))}</b> on delivery` : `paid <b>${escapeHtml(inr(c.total))}</b>`
      }.</p>
${linesHtml(c.lines)}
${feesHtml(c)}
${deliveryHtml(c.delivery)}
${referencesHtml(c)}`,
    ),
  };
}

/** Why the shop owes money back. */
export type RefundReason = 'stock_gone' | 'canceled_lines' | 'second_payment';

const REFUND_REASONS: Record<RefundReason, (c: MailCheckout) => string> = {
  stock_gone: (c) => `paid ${inr(c.total)} for order ${c.orderNumber} after the stock reservation had lapsed, and the stock was gone. The order is marked "Refund due"`,
  canceled_lines: (c) =>
    `paid ${inr(c.total)} for order ${c.orderNumber}, which has lines you canceled before the payment arrived. Those lines are marked "Refund due"`,
  second_payment: (c) =>
    `paid order ${c.orderNumber} a second time (payment ${c.paymentId}) after it was already paid. That payment is recorded as "Refund due"`,
};

export function refundDueMail(brand: string, shopEmail: string, c: MailCheckout, reason: RefundReason = 'stock_gone'): Mail {
  const what = REFUND_REASONS[reason](c);
  const lines = reason === 'canceled_lines' ? c.lines.filter((l) => l.refundDue) : c.lines;
  return {
    to: shopEmail,
    subject: `Refund due for order ${c.orderNumber}`,
    text: [
      `${c.customerName} <${c.customerEmail}> ${what}: please refund it in the Razorpay dashboard.`,
      '',
      ...linesText(lines),
      '',
      ...referencesText(c),
    ].join('\n'),
    html: mailLayout(
      brand,
      `<p><b>${escapeHtml(c.customerName)}</b> &lt;${escapeHtml(c.customerEmail)}&gt; ${escapeHtml(what)}: please refund it in the Razorpay dashboard.</p>
${linesHtml(lines)}
${referencesHtml(c)}`,
    ),
  };
}

/** The outbox kinds of a checkout's mails; each row names the checkout and the payment it is about. */
export const CHECKOUT_MAIL = {
  confirmation: 'order_confirmation',
  newOrder: 'new_order',
  refundDue: 'refund_due',
  /** A COD order's one-time confirm link: its token is made when the mail is sent (only its hash is stored). */
  codConfirm: 'cod_confirm_link',
} as const;

export interface CheckoutMailData {
  checkoutId: string;
  paymentId: string;
  reason?: RefundReason;
}

export function refundDueOutboxMail(checkoutId: string, paymentId: string, reason: RefundReason): OutboxMail {
  return { kind: CHECKOUT_MAIL.refundDue, data: { checkoutId, paymentId, reason } satisfies CheckoutMailData };
}
