/**
 * Money back's mails: to the customer when a refund starts (the amount and the terms' 6-8 days), when it is processed
 * (the bank reference when given; invoices/ attaches the credit note), when an order is cancelled and when a problem
 * report is answered; to the shop when a refund fails, a customer cancels, asks to cancel or reports a problem.
 */
import { REFUND_DAYS } from '@shop/domain/schemas/refunds';
import { escapeHtml, mailLayout, type Mail } from '../../lib/mailer.js';
import { rupees } from './engine.js';

/** A plain mail: paragraphs of text (a paragraph may hold line breaks), the same in HTML. */
function plainMail(brand: string, to: string, subject: string, paragraphs: string[], opts: { replyTo?: string; links?: Array<{ href: string; text: string }> } = {}): Mail {
  const links = opts.links ?? [];
  return {
    to,
    subject,
    ...(opts.replyTo ? { replyTo: opts.replyTo } : {}),
    text: [...paragraphs, ...links.map((l) => `${l.text}: ${l.href}`), brand].join('\n\n'),
    html: mailLayout(
      brand,
      [
        ...paragraphs.map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`),
        ...links.map((l) => `<p><a href="${escapeHtml(l.href)}" style="color:#3f5a2a">${escapeHtml(l.text)}</a></p>`),
      ].join('\n'),
    ),
  };
}

/** Who and what every after-sales mail of an order names. */
export interface OrderMailFacts {
  brand: string;
  publicUrl: string;
  shopEmail: string;
  customerName: string;
  customerEmail: string;
  orderNumber: string;
}

export interface RefundMailFacts extends OrderMailFacts {
  amountPaise: number;
  /** "Desi Ghee x 1, Hair Oil x 2"; '' for an amount-only refund. */
  items: string;
  arn?: string | null;
  reason?: string;
  failureReason?: string | null;
  creditNoteNumber?: string | null;
}

/** The sentence every refund-started mail carries. */
const refundStartedSentence = (amountPaise: number) =>
  `A refund of ${rupees(amountPaise)} has been started to the account you paid from; it reaches you within ${REFUND_DAYS}, as our terms say.`;

export function refundStartedMail(f: RefundMailFacts): Mail {
  return plainMail(
    f.brand,
    f.customerEmail,
    `Refund of ${rupees(f.amountPaise)} started for your ${f.brand} order ${f.orderNumber}`,
    [`Hello ${f.customerName},`, `${refundStartedSentence(f.amountPaise)}${f.items ? `\nFor: ${f.items}` : ''}`, 'We will mail you again once your bank has it.'],
    { links: [{ href: `${f.publicUrl}/orders`, text: 'Your orders' }] },
  );
}

export function refundProcessedMail(f: RefundMailFacts): Mail {
  return plainMail(
    f.brand,
    f.customerEmail,
    `Refund of ${rupees(f.amountPaise)} processed for your ${f.brand} order ${f.orderNumber}`,
    [
      `Hello ${f.customerName},`,
      `Your refund of ${rupees(f.amountPaise)} for order ${f.orderNumber} has been processed.${f.items ? `\nFor: ${f.items}` : ''}`,
      f.arn
        ? `Bank reference (ARN): ${f.arn}. If it has not reached your account within ${REFUND_DAYS}, give your bank this reference.`
        : `It reaches your account within ${REFUND_DAYS}.`,
      ...(f.creditNoteNumber ? [`Our GST credit note ${f.creditNoteNumber} is attached.`] : []),
    ],
    { links: [{ href: `${f.publicUrl}/orders`, text: 'Your orders' }] },
  );
}

export function refundFailedMail(f: RefundMailFacts): Mail {
  return plainMail(
    f.brand,
    f.shopEmail,
    `Refund FAILED: ${rupees(f.amountPaise)} for order ${f.orderNumber}`,
    [
      `The refund of ${rupees(f.amountPaise)} for order ${f.orderNumber} (${f.customerName}, ${f.customerEmail}) failed: ${f.failureReason ?? 'no reason given'}.`,
      `Reason it was asked for: ${f.reason ?? ''}`,
      'Nothing was paid back. Refund it again from the order page, or pay the customer another way.',
    ],
  );
}

export interface CancelMailFacts extends OrderMailFacts {
  items: string;
  /** The refund started with the cancellation, if any. */
  refundPaise?: number;
  cod: boolean;
}

export function customerCancelledMail(f: CancelMailFacts): Mail {
  return plainMail(
    f.brand,
    f.customerEmail,
    `Your ${f.brand} order ${f.orderNumber} is cancelled`,
    [
      `Hello ${f.customerName},`,
      `As you asked, your order ${f.orderNumber} is cancelled: ${f.items}.`,
      f.refundPaise ? refundStartedSentence(f.refundPaise) : f.cod ? 'It was cash on delivery, so there is nothing to pay.' : 'Nothing was paid for it, so there is nothing to refund.',
    ],
    { links: [{ href: `${f.publicUrl}/orders`, text: 'Your orders' }] },
  );
}

export function shopCancelledMail(f: CancelMailFacts): Mail {
  return plainMail(
    f.brand,
    f.shopEmail,
    `Order ${f.orderNumber} cancelled by the customer`,
    [
      `${f.customerName} (${f.customerEmail}) cancelled order ${f.orderNumber} on the day it was placed: ${f.items}. Do not pack it.`,
      f.refundPaise ? `A refund of ${rupees(f.refundPaise)} was started through the payment provider.` : 'No refund was needed.',
    ],
    { replyTo: f.customerEmail },
  );
}

export function cancellationRequestMail(f: Omit<CancelMailFacts, 'refundPaise' | 'cod'> & { message: string }): Mail {
  return plainMail(
    f.brand,
    f.shopEmail,
    `Cancellation requested: order ${f.orderNumber}`,
    [
      `${f.customerName} (${f.customerEmail}) asks to cancel order ${f.orderNumber}: ${f.items}.`,
      f.message ? `Their message:\n${f.message}` : 'They left no message.',
      'It can no longer be cancelled by the customer (another day, or already shipped). Reply to the customer, and cancel or refund it from the order page.',
    ],
    { replyTo: f.customerEmail, links: [{ href: `${f.publicUrl}/admin/orders`, text: 'Orders' }] },
  );
}

export interface ProblemMailFacts extends OrderMailFacts {
  item: string;
  message: string;
  photos: string[];
}

export function problemReportedMail(f: ProblemMailFacts): Mail {
  const photoLinks = f.photos.map((p, i) => ({ href: p.startsWith('http') ? p : `${f.publicUrl}${p}`, text: `Photo ${i + 1}` }));
  return plainMail(
    f.brand,
    f.shopEmail,
    `Problem reported: order ${f.orderNumber}`,
    [`${f.customerName} (${f.customerEmail}) reports a problem with ${f.item} of order ${f.orderNumber}:`, f.message, 'Answer it from the dashboard: a reply, or a refund of the line.'],
    { replyTo: f.customerEmail, links: photoLinks },
  );
}

export function problemAnsweredMail(f: Omit<ProblemMailFacts, 'message' | 'photos'> & { reply?: string | null; refundPaise?: number }): Mail {
  return plainMail(
    f.brand,
    f.customerEmail,
    `About the problem with your ${f.brand} order ${f.orderNumber}`,
    [
      `Hello ${f.customerName},`,
      `Thank you for telling us about ${f.item}.`,
      ...(f.reply ? [f.reply] : []),
      ...(f.refundPaise ? [refundStartedSentence(f.refundPaise)] : []),
    ],
    { replyTo: f.shopEmail, links: [{ href: `${f.publicUrl}/orders`, text: 'Your orders' }] },
  );
}
