/**
 * Tax invoices of paid checkouts: the numbers were given at payment (checkout/); this builds the PDF, and renders the
 * order confirmation mail, which carries it.
 */
import { and, asc, eq } from 'drizzle-orm';
import { formatOrderNumber } from '@shop/domain/order-number';
import { feeLine, invoiceTotals, isInterState, principalRatePercent, taxedLine } from '@shop/domain/tax';
import { checkouts, orders, refunds as refundsTable } from '../../db/schema.js';
import { notFound } from '../../lib/http-errors.js';
import type { Deps } from '../../plugins/deps.js';
import { CHECKOUT_MAIL, checkoutMailRenderer, deliveryOf, orderConfirmationMail, sizeAndSku } from '../checkout/index.js';
import { isInvoiced } from '../orders/index.js';
import { renderInvoicePdf, type InvoiceDocument } from './render.js';
import { REFUND_MAIL, refundProcessedMail } from '../refunds/index.js';
import { creditNoteFileName, loadCreditNote, renderCreditNotePdf } from './credit-note.js';

const INVOICE_NOT_FOUND = 'Invoice not found';

export type InvoicesDeps = Pick<Deps, 'db' | 'config' | 'outbox' | 'log'>;

/** The PDF's file name, as the browser and the mail attachment show it. */
export const invoiceFileName = (number: string) => `invoice-${number.replace(/[^A-Za-z0-9-]/g, '-')}.pdf`;

export function createInvoicesService({ db, config, outbox, log }: InvoicesDeps) {
  /** The invoice's content, or undefined when the checkout is unknown, unpaid or has no invoice. */
  async function load(checkoutId: string): Promise<(InvoiceDocument & { userId: string | null }) | undefined> {
    const [c] = await db.select().from(checkouts).where(eq(checkouts.id, checkoutId));
    // Paid, or cash on delivery once confirmed; dated when it was paid, or confirmed (COD: its invoice comes first).
    const date = c?.confirmedAt ?? c?.paidAt;
    if (!c || !isInvoiced(c.payment) || !c.invoiceNumber || !date) return undefined;
    const rows = await db
      .select({
        name: orders.productName,
        variantLabel: orders.variantLabel,
        sku: orders.sku,
        hsnCode: orders.hsnCode,
        gstRateBp: orders.gstRateBp,
        quantity: orders.cartQuantity,
        unitPaise: orders.unitPricePaise,
        discountPaise: orders.discountPaise,
        email: orders.userEmail,
      })
      .from(orders)
      // Lines canceled before the payment were never sold: they are refunded, not invoiced.
      .where(and(eq(orders.checkoutId, checkoutId), eq(orders.refundDue, false)))
      .orderBy(asc(orders.createdAt), asc(orders.productName));
    const buyer = deliveryOf(c) ?? { name: rows[0]?.email ?? '', phone: '', address: '', pin: '', state: '' };
    const interState = isInterState(config.shop.state, buyer.state);
    const goods = rows.map((r) => ({
      description: r.name,
      // The size and SKU as sold, so the invoice says which jar was bought: "250 ml, SKU A2GHEE-250".
      detail: sizeAndSku(r.name, r.variantLabel, r.sku),
      hsnCode: r.hsnCode,
      quantity: r.quantity,
      unitPaise: r.unitPaise,
      // The coupon's share of the line: the amount, taxable value and GST are those of what was paid for it.
      discountPaise: r.discountPaise,
      ...taxedLine(r.unitPaise, r.quantity, r.gstRateBp, interState, r.discountPaise),
    }));
    // The delivery fee and the COD fee, each its own line: part of a composite supply, taxed at the rate of the
    // principal line (the largest taxable value). The README asks the owner's accountant to confirm this treatment.
    const rate = principalRatePercent(goods);
    const fee = (description: string, amountPaise: number) =>
      amountPaise > 0 ? [{ description, detail: `GST at ${rate}%, as the principal supply`, hsnCode: null, quantity: 1, unitPaise: amountPaise, discountPaise: 0, ...feeLine(amountPaise, rate, interState) }] : [];
    const lines = [...goods, ...fee('Delivery', c.shippingFeePaise), ...fee('Cash on delivery fee', c.codFeePaise)];
    const totals = invoiceTotals(lines);
    return {
      userId: c.userId,
      number: c.invoiceNumber,
      date,
      orderId: c.id,
      orderNumber: formatOrderNumber(config.orderPrefix, c.orderNumber),
      receipt: c.receipt,
      paymentId: c.paymentId ?? '',
      seller: config.shop,
      buyer,
      buyerEmail: rows[0]?.email ?? '',
      interState,
      lines,
      totals,
      ...(c.couponCode && c.discountPaise > 0 ? { coupon: { code: c.couponCode, discountPaise: c.discountPaise } } : {}),
      // Cash on delivery: what the courier collects (the invoice's total), until it is collected.
      ...(c.paymentMethod === 'cod' ? { cashOnDelivery: { collectPaise: c.payment === 'Paid' ? 0 : totals.amountPaise } } : {}),
    };
  }

  async function pdf(checkoutId: string, ownerId?: string): Promise<{ number: string; pdf: Buffer }> {
    const invoice = await load(checkoutId);
    if (!invoice || (ownerId !== undefined && invoice.userId !== ownerId)) throw notFound(INVOICE_NOT_FOUND);
    return { number: invoice.number, pdf: await renderInvoicePdf(invoice) };
  }

  outbox.register(
    CHECKOUT_MAIL.confirmation,
    checkoutMailRenderer(db, config.orderPrefix, async (c) => {
      if (!c.customerEmail) return null;
      const mail = orderConfirmationMail(config.brandName, config.publicUrl, c);
      if (!c.invoiceNumber) return mail;
      // A mail without its attachment is better than no confirmation at all.
      try {
        const invoice = await pdf(c.orderId);
        return { ...mail, attachments: [{ filename: invoiceFileName(invoice.number), content: invoice.pdf, contentType: 'application/pdf' }] };
      } catch (err) {
        log.error({ err, orderId: c.orderId }, 'invoice could not be attached to the confirmation');
        return mail;
      }
    }),
  );

  const CREDIT_NOTE_NOT_FOUND = 'Credit note not found';

  /** A processed refund's credit note PDF, for its owner or an admin (`ownerId` undefined); 404 for anyone else. */
  async function creditNotePdf(refundId: string, ownerId?: string): Promise<{ number: string; pdf: Buffer }> {
    const note = await loadCreditNote(db, config, refundId);
    if (!note || (ownerId !== undefined && note.userId !== ownerId)) throw notFound(CREDIT_NOTE_NOT_FOUND);
    return { number: note.number, pdf: await renderCreditNotePdf(note) };
  }

  // The customer's "refund processed" mail, with the credit note attached when the checkout was invoiced.
  outbox.register(REFUND_MAIL.processed, async (data) => {
    const { refundId } = data as { refundId: string };
    const [r] = await db.select().from(refundsTable).where(eq(refundsTable.id, refundId));
    if (!r) return null;
    const [c] = await db.select().from(checkouts).where(eq(checkouts.id, r.checkoutId));
    const lines = await db.select().from(orders).where(eq(orders.checkoutId, r.checkoutId)).orderBy(asc(orders.createdAt), asc(orders.productName));
    const first = lines[0];
    if (!c || !first) return null;
    const byId = new Map(lines.map((l) => [l.id, l]));
    const mail = refundProcessedMail({
      brand: config.brandName,
      publicUrl: config.publicUrl,
      shopEmail: config.shopEmail,
      customerName: first.userName,
      customerEmail: first.userEmail,
      orderNumber: formatOrderNumber(config.orderPrefix, c.orderNumber),
      amountPaise: r.amountPaise,
      items: r.lines.map((l) => `${byId.get(l.lineId)?.productName ?? 'item'} x ${l.quantity}`).join(', '),
      arn: r.arn,
      creditNoteNumber: r.creditNoteNumber,
    });
    if (!r.creditNoteNumber) return mail;
    try {
      const note = await creditNotePdf(refundId);
      return { ...mail, attachments: [{ filename: creditNoteFileName(note.number), content: note.pdf, contentType: 'application/pdf' }] };
    } catch (err) {
      log.error({ err, refundId }, 'credit note could not be attached to the refund mail');
      return mail;
    }
  });

  return {
    load,
    /** The PDF for its owner, or for an admin (`ownerId` undefined); 404 for anyone else, as for a missing one. */
    pdf,
    creditNotePdf,
  };
}
