/** Checkout mails: the customer's confirmation, the shop's new-order note, and a refund-due alert for the shop. */
import { formatPrice } from '@shop/domain/money';
import { escapeHtml, mailLayout, type Mail } from '../../lib/mailer.js';

export interface MailLine {
  productName: string;
  cartQuantity: number;
  /** Unit price paid, in rupees. */
  price: number;
}

export interface MailCheckout {
  orderId: string;
  receipt: string;
  paymentId: string;
  /** Amount paid, in rupees. */
  total: number;
  customerName: string;
  customerEmail: string;
  lines: MailLine[];
}

const inr = (rupees: number) => formatPrice(rupees, 'INR', 1);

function linesText(lines: MailLine[]): string[] {
  return lines.map((l) => `- ${l.productName} x ${l.cartQuantity} at ${inr(l.price)}`);
}

function linesHtml(lines: MailLine[]): string {
  const rows = lines
    .map(
      (l) =>
        `<tr><td style="padding:4px 8px">${escapeHtml(l.productName)}</td><td style="padding:4px 8px;text-align:right">${l.cartQuantity}</td><td style="padding:4px 8px;text-align:right">${escapeHtml(inr(l.price))}</td></tr>`,
    )
    .join('');
  return `<table role="presentation" cellpadding="0" cellspacing="0" style="border-collapse:collapse;margin:12px 0">
<tr><th style="padding:4px 8px;text-align:left">Product</th><th style="padding:4px 8px;text-align:right">Qty</th><th style="padding:4px 8px;text-align:right">Price</th></tr>${rows}</table>`;
}

export function orderConfirmationMail(brand: string, publicUrl: string, c: MailCheckout): Mail {
  const ordersLink = `${publicUrl}/orders`;
  return {
    to: c.customerEmail,
    subject: `Your ${brand} order ${c.receipt} is confirmed`,
    text: [
      `Hello ${c.customerName},`,
      '',
      `Thank you for your order. We received your payment of ${inr(c.total)} and will pack your order soon.`,
      '',
      ...linesText(c.lines),
      '',
      `Receipt: ${c.receipt}`,
      `Payment: ${c.paymentId}`,
      '',
      `You can follow your order at ${ordersLink}`,
      '',
      brand,
    ].join('\n'),
    html: mailLayout(
      brand,
      `<p>Hello ${escapeHtml(c.customerName)},</p>
<p>Thank you for your order. We received your payment of <b>${escapeHtml(inr(c.total))}</b> and will pack your order soon.</p>
${linesHtml(c.lines)}
<p style="font-size:13px;color:#7a705c">Receipt ${escapeHtml(c.receipt)} &middot; payment ${escapeHtml(c.paymentId)}</p>
<p>You can follow your order on <a href="${escapeHtml(ordersLink)}" style="color:#3f5a2a">your orders page</a>.</p>`,
    ),
  };
}

export function newOrderMail(brand: string, shopEmail: string, c: MailCheckout): Mail {
  return {
    to: shopEmail,
    subject: `New order ${c.receipt}: ${inr(c.total)} from ${c.customerName}`,
    text: [
      `${c.customerName} <${c.customerEmail}> paid ${inr(c.total)}.`,
      '',
      ...linesText(c.lines),
      '',
      `Receipt: ${c.receipt}`,
      `Razorpay order: ${c.orderId}`,
      `Payment: ${c.paymentId}`,
    ].join('\n'),
    html: mailLayout(
      brand,
      `<p><b>${escapeHtml(c.customerName)}</b> &lt;${escapeHtml(c.customerEmail)}&gt; paid <b>${escapeHtml(inr(c.total))}</b>.</p>
${linesHtml(c.lines)}
<p style="font-size:13px;color:#7a705c">Receipt ${escapeHtml(c.receipt)} &middot; Razorpay order ${escapeHtml(c.orderId)} &middot; payment ${escapeHtml(c.paymentId)}</p>`,
    ),
  };
}

export function refundDueMail(brand: string, shopEmail: string, c: MailCheckout): Mail {
  return {
    to: shopEmail,
    subject: `Refund due for order ${c.receipt}`,
    text: [
      `${c.customerName} <${c.customerEmail}> paid ${inr(c.total)} after the stock reservation had lapsed, and the stock was gone.`,
      'The order is marked "Refund due": please refund the payment in the Razorpay dashboard.',
      '',
      ...linesText(c.lines),
      '',
      `Receipt: ${c.receipt}`,
      `Razorpay order: ${c.orderId}`,
      `Payment: ${c.paymentId}`,
    ].join('\n'),
    html: mailLayout(
      brand,
      `<p><b>${escapeHtml(c.customerName)}</b> &lt;${escapeHtml(c.customerEmail)}&gt; paid <b>${escapeHtml(inr(c.total))}</b> after the stock reservation had lapsed, and the stock was gone.</p>
<p>The order is marked <b>Refund due</b>: please refund the payment in the Razorpay dashboard.</p>
${linesHtml(c.lines)}
<p style="font-size:13px;color:#7a705c">Receipt ${escapeHtml(c.receipt)} &middot; Razorpay order ${escapeHtml(c.orderId)} &middot; payment ${escapeHtml(c.paymentId)}</p>`,
    ),
  };
}
