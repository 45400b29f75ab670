/** Mails to the customer when an admin ships, delivers or cancels an order line. */
import { formatPrice, paiseToRupees, rupeesToPaise } from '@shop/domain/money';
import type { Delivery } from '@shop/domain/schemas/orders';
import { escapeHtml, mailLayout, type Mail } from '../../lib/mailer.js';
import { deliveryHtml, deliveryText, nameWithSize } from '../checkout/index.js';

export interface ShippingMailLine {
  customerName: string;
  customerEmail: string;
  /** The checkout's order number (`SF-10234`): what the customer reads and quotes. */
  orderNumber: string;
  productName: string;
  /** The size as sold ("500 ml"); null on lines sold before sizes. */
  variantLabel?: string | null;
  cartQuantity: number;
  /** Unit price, rupees. */
  price: number;
  /** The coupon's share of the line, rupees (what was paid: price x quantity less this). */
  discount?: number;
  delivery: Delivery | null;
  courier: string | null;
  trackingNumber: string | null;
  trackingUrl: string | null;
  /** Canceled: the refund this cancellation started (rupees); without one the mail promises none (issue 30). */
  refund?: number;
  /** A whole checkout's lines (PUT checkouts/{order_id}): the mail lists them all instead of the one above. */
  items?: Array<{ productName: string; variantLabel?: string | null; cartQuantity: number; price: number; discount?: number }>;
}

const inr = (rupees: number) => formatPrice(rupees, 'INR', 1);

/** What the lines cost the customer: unit price x quantity less each line's coupon share, summed in paise. */
function paidFor(items: ReadonlyArray<{ price: number; cartQuantity: number; discount?: number }>): number {
  return paiseToRupees(items.reduce((sum, i) => sum + rupeesToPaise(i.price) * i.cartQuantity - rupeesToPaise(i.discount ?? 0), 0));
}

function trackingText(l: ShippingMailLine): string[] {
  return [
    ...(l.courier ? [`Courier: ${l.courier}`] : []),
    ...(l.trackingNumber ? [`Tracking number: ${l.trackingNumber}`] : []),
    ...(l.trackingUrl ? [`Track it at ${l.trackingUrl}`] : []),
  ];
}

/** Shipped, Delivered or Canceled: one mail per change. */
export function shippingMail(brand: string, publicUrl: string, status: 'Shipped' | 'Delivered' | 'Canceled', l: ShippingMailLine): Mail {
  const items = l.items ?? [{ productName: l.productName, variantLabel: l.variantLabel, cartQuantity: l.cartQuantity, price: l.price, discount: l.discount ?? 0 }];
  const item = items.map((i) => `${nameWithSize(i.productName, i.variantLabel)} x ${i.cartQuantity}`).join(', ');
  const ordersLink = `${publicUrl}/orders`;
  const intro = {
    Shipped: `Your order ${l.orderNumber} is on its way: ${item}.`,
    Delivered: `Your order ${l.orderNumber} was delivered: ${item}. We hope you enjoy it.`,
    Canceled: `Your order ${l.orderNumber} was cancelled: ${item} (${inr(paidFor(items))}).${
      l.refund ? ` A refund of ${inr(l.refund)} has been started to the account you paid from; it reaches you within 6-8 days.` : ''
    }`,
  }[status];
  const subject = {
    Shipped: `Your ${brand} order ${l.orderNumber} has shipped`,
    Delivered: `Your ${brand} order ${l.orderNumber} was delivered`,
    Canceled: `Your ${brand} order ${l.orderNumber} was cancelled`,
  }[status];
  const tracking = status === 'Shipped' ? trackingText(l) : [];
  const link = l.trackingUrl && status === 'Shipped' ? `<br><a href="${escapeHtml(l.trackingUrl)}" style="color:#3f5a2a">Track your parcel</a>` : '';
  return {
    to: l.customerEmail,
    subject,
    text: [
      `Hello ${l.customerName},`,
      '',
      intro,
      ...(tracking.length ? ['', ...tracking] : []),
      ...(status === 'Canceled' ? [] : ['', 'Deliver to:', ...deliveryText(l.delivery)]),
      '',
      `Your orders: ${ordersLink}`,
      '',
      brand,
    ].join('\n'),
    html: mailLayout(
      brand,
      `<p>Hello ${escapeHtml(l.customerName)},</p>
<p>${escapeHtml(intro)}</p>
${tracking.length ? `<p>${tracking.filter((t) => !t.startsWith('Track it')).map(escapeHtml).join('<br>')}${link}</p>` : ''}
${status === 'Canceled' ? '' : deliveryHtml(l.delivery)}
<p>See <a href="${escapeHtml(ordersLink)}" style="color:#3f5a2a">your orders</a>.</p>`,
    ),
  };
}
