/**
 * GST credit notes (issue 30): every processed refund of an invoiced checkout gets one, numbered in its own sequence
 * per financial year (CN/2026-27/00001, taken when the refund is processed: refunds/engine.ts). It names the invoice
 * and date it corrects and, per line, the taxable value and the CGST+SGST or IGST reversed, computed as the invoice
 * computes them (@shop/domain/tax: the same rounding on the same amounts). A line refunded in parts reverses, in each
 * note, the tax of everything refunded so far less what earlier notes reversed, so the notes of a line refunded in
 * full add up to its invoice line to the paisa.
 */
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { formatDate } from '@shop/domain/date';
import { formatPaise } from '@shop/domain/money';
import { formatOrderNumber } from '@shop/domain/order-number';
import { feeLine, invoiceTotals, isInterState, lineTax, principalRatePercent, taxedLine, basisPointsToPercent, type LineTax } from '@shop/domain/tax';
import type { Delivery } from '@shop/domain/schemas/orders';
import type { Db } from '../../db/client.js';
import { checkouts, orders, refunds, type RefundLineRow } from '../../db/schema.js';
import type { Config } from '../../config.js';
import { deliveryOf, sizeAndSku } from '../checkout/index.js';
import { drawWithLatinFallback, tableRow } from './indic-text.js';
import { openTaxDocument, rate, taxCells, writeBuyer, writeSeller } from './render.js';

interface CreditNoteLine extends LineTax {
  description: string;
  detail?: string;
  hsnCode: string | null;
  ratePercent: number;
  quantity: number | null;
  /** What this note refunds of the line, tax included. */
  amountPaise: number;
}

export interface CreditNoteDocument {
  number: string;
  date: Date;
  invoiceNumber: string;
  invoiceDate: Date;
  orderNumber: string;
  orderId: string;
  refundId: string;
  providerRefundId: string | null;
  paymentId: string;
  reason: string;
  seller: Config['shop'];
  buyer: Delivery;
  buyerEmail: string;
  interState: boolean;
  lines: CreditNoteLine[];
  totals: LineTax & { amountPaise: number };
  userId: string | null;
}

const diff = (a: LineTax, b: LineTax): LineTax => ({
  taxablePaise: a.taxablePaise - b.taxablePaise,
  taxPaise: a.taxPaise - b.taxPaise,
  cgstPaise: a.cgstPaise - b.cgstPaise,
  sgstPaise: a.sgstPaise - b.sgstPaise,
  igstPaise: a.igstPaise - b.igstPaise,
});

/** Largest-remainder split of `total` in proportion to `weights`. */
function spread(total: number, weights: number[]): number[] {
  const sum = weights.reduce((s, w) => s + w, 0);
  if (sum === 0) return weights.map(() => 0);
  const parts = weights.map((w, i) => ({ i, floor: Math.floor((w * total) / sum), rest: (w * total) / sum - Math.floor((w * total) / sum) }));
  let left = total - parts.reduce((s, p) => s + p.floor, 0);
  for (const p of [...parts].sort((a, b) => b.rest - a.rest || a.i - b.i)) {
    if (left-- <= 0) break;
    p.floor += 1;
  }
  return parts.map((p) => p.floor);
}

/** The credit note of a processed refund, or undefined when it has none (not processed, or the checkout was not invoiced). */
export async function loadCreditNote(db: Db, config: Config, refundId: string): Promise<CreditNoteDocument | undefined> {
  const [r] = await db.select().from(refunds).where(eq(refunds.id, refundId));
  if (!r || r.status !== 'processed' || !r.creditNoteNumber || !r.creditNoteDate) return undefined;
  const [c] = await db.select().from(checkouts).where(eq(checkouts.id, r.checkoutId));
  const invoiceDate = c?.confirmedAt ?? c?.paidAt;
  if (!c || !c.invoiceNumber || !invoiceDate) return undefined;
  const rows = await db.select().from(orders).where(eq(orders.checkoutId, c.id)).orderBy(asc(orders.createdAt), asc(orders.productName));
  // As the invoice: lines cancelled before the payment were never invoiced.
  const invoiced = rows.filter((l) => !l.refundDue);
  const byId = new Map(invoiced.map((l) => [l.id, l]));
  const buyer = deliveryOf(c) ?? { name: rows[0]?.userEmail ?? '', phone: '', address: '', pin: '', state: '' };
  const interState = isInterState(config.shop.state, buyer.state);
  const invoiceGoods = invoiced.map((l) => taxedLine(l.unitPricePaise, l.cartQuantity, l.gstRateBp, interState));
  const feeRate = principalRatePercent(invoiceGoods);

  // What earlier credit notes of this checkout refunded of each line (the cumulative reversal).
  const earlier = await db
    .select({ lines: refunds.lines, number: refunds.creditNoteNumber, date: refunds.creditNoteDate, feesPaise: refunds.feesPaise })
    .from(refunds)
    .where(and(eq(refunds.checkoutId, c.id), eq(refunds.status, 'processed'), isNotNull(refunds.creditNoteNumber)));
  const before = earlier.filter((e) => e.date!.getTime() < r.creditNoteDate!.getTime() || (e.date!.getTime() === r.creditNoteDate!.getTime() && e.number! < r.creditNoteNumber!));
  const priorOf = new Map<string, number>();
  for (const e of before) for (const l of e.lines) priorOf.set(l.lineId, (priorOf.get(l.lineId) ?? 0) + l.amountPaise);

  // An amount-only refund is spread over the invoiced lines in proportion to what they cost.
  const entries: Array<RefundLineRow & { spread?: boolean }> =
    r.lines.length > 0
      ? r.lines
      : (() => {
          const goods = r.amountPaise - r.feesPaise;
          const parts = spread(goods, invoiced.map((l) => l.unitPricePaise * l.cartQuantity));
          return invoiced.map((l, i) => ({ lineId: l.id, quantity: 0, amountPaise: parts[i]!, spread: true })).filter((e) => e.amountPaise > 0);
        })();

  const lines: CreditNoteLine[] = [];
  for (const e of entries) {
    const line = byId.get(e.lineId);
    if (!line || e.amountPaise <= 0) continue;
    const ratePercent = basisPointsToPercent(line.gstRateBp ?? 0);
    const prior = e.spread ? 0 : (priorOf.get(line.id) ?? 0);
    const tax = diff(lineTax({ amountPaise: prior + e.amountPaise, ratePercent }, interState), lineTax({ amountPaise: prior, ratePercent }, interState));
    lines.push({
      description: line.productName,
      detail: sizeAndSku(line.productName, line.variantLabel, line.sku),
      hsnCode: line.hsnCode,
      ratePercent,
      quantity: e.spread ? null : e.quantity,
      amountPaise: e.amountPaise,
      ...tax,
    });
  }
  // Fees: the delivery fee first, then the COD fee, each taxed as on the invoice (the principal line's rate).
  let fees = r.feesPaise;
  const feeParts: Array<[string, number]> = [];
  const delivery = Math.min(fees, c.shippingFeePaise);
  if (delivery > 0) feeParts.push(['Delivery', delivery]);
  fees -= delivery;
  if (fees > 0) feeParts.push(['Cash on delivery fee', fees]);
  for (const [description, amountPaise] of feeParts) {
    lines.push({ description, detail: `GST at ${feeRate}%, as the principal supply`, hsnCode: null, quantity: 1, ...feeLine(amountPaise, feeRate, interState) });
  }
  return {
    number: r.creditNoteNumber,
    date: r.creditNoteDate,
    invoiceNumber: c.invoiceNumber,
    invoiceDate,
    orderNumber: formatOrderNumber(config.orderPrefix, c.orderNumber),
    orderId: c.id,
    refundId: r.id,
    providerRefundId: r.providerRefundId,
    paymentId: r.paymentId,
    reason: r.reason,
    seller: config.shop,
    buyer,
    buyerEmail: rows[0]?.userEmail ?? '',
    interState,
    lines,
    totals: invoiceTotals(lines),
    userId: c.userId,
  };
}


/** The credit note as a PDF, laid out as the tax invoice (render.ts). */
export function renderCreditNotePdf(note: CreditNoteDocument): Promise<Buffer> {
  return drawWithLatinFallback(`credit note ${note.number}`, (latinOnly) => draw(note, latinOnly));
}

function draw(note: CreditNoteDocument, latinOnly: boolean): Promise<Buffer> {
  const pdf = openTaxDocument(`Credit note ${note.number}`, 'CREDIT NOTE', note.seller.legalName, latinOnly);
  const { doc, write, done, left, width } = pdf;
  doc.font('Helvetica').fontSize(9).text('(GST: refund against a tax invoice)', { width, align: 'center' });
  doc.moveDown(0.5);

  const top = doc.y;
  writeSeller(pdf, note.seller, left, top, width);
  const sellerBottom = doc.y;

  const col2 = left + width / 2 + 10;
  doc.font('Helvetica').fontSize(9);
  doc.text(`Credit Note No.: ${note.number}`, col2, top, { width: width / 2 - 10 });
  doc.text(`Credit Note Date: ${formatDate(note.date)}`);
  doc.text(`Against Invoice No.: ${note.invoiceNumber}`);
  doc.text(`Invoice Date: ${formatDate(note.invoiceDate)}`);
  doc.text(`Order No. ${note.orderNumber}`);
  doc.text(`Payment: ${note.paymentId}`);
  if (note.providerRefundId) doc.text(`Refund: ${note.providerRefundId}`);
  doc.text(`Place of supply: ${note.buyer.state}`);
  doc.y = Math.max(sellerBottom, doc.y) + 12;

  writeBuyer(pdf, 'Customer', note.buyer, left);
  if (note.buyerEmail) doc.text(`Email: ${note.buyerEmail}`);
  doc.moveDown();

  const taxCols = note.interState ? ['IGST reversed'] : ['CGST reversed', 'SGST reversed'];
  const headers = ['Item', 'HSN', 'Qty', 'Refunded (incl. GST)', 'GST rate', 'Taxable value', ...taxCols];
  const widths = note.interState ? [190, 40, 30, 75, 40, 70, 70] : [170, 36, 28, 66, 36, 64, 57, 58];
  const drawRow = (cells: string[], bold: boolean) => tableRow(doc, write, { left, width, widths, size: 8, padding: 2 }, cells, bold);
  drawRow(headers, true);
  for (const l of note.lines) {
    drawRow(
      [l.detail ? `${l.description}\n${l.detail}` : l.description, l.hsnCode ?? '-', l.quantity === null ? '-' : String(l.quantity), formatPaise(l.amountPaise), rate(l.ratePercent), formatPaise(l.taxablePaise), ...taxCells(l, note.interState)],
      false,
    );
  }
  const t = note.totals;
  drawRow(['Total', '', '', formatPaise(t.amountPaise), '', formatPaise(t.taxablePaise), ...taxCells(t, note.interState)], true);

  doc.moveDown();
  doc.font('Helvetica').fontSize(9);
  doc.text(`Taxable value reduced: INR ${formatPaise(t.taxablePaise)}`, left);
  if (note.interState) doc.text(`IGST reversed: INR ${formatPaise(t.igstPaise)}`);
  else doc.text(`CGST reversed: INR ${formatPaise(t.cgstPaise)}    SGST reversed: INR ${formatPaise(t.sgstPaise)}`);
  doc.font('Helvetica-Bold').text(`Credit note total (GST included): INR ${formatPaise(t.amountPaise)}`);
  doc.font('Helvetica').fontSize(9).moveDown(0.5);
  write(`Reason: ${note.reason}`, { size: 9, width }, { x: left, y: doc.y });
  doc.font('Helvetica').fontSize(8).moveDown();
  doc.text('Tax is computed and rounded per line as on the invoice it corrects. This is a computer-generated credit note.', left, doc.y, { width });
  doc.end();
  return done;
}

/** The PDF's file name, as the browser and the mail attachment show it. */
export const creditNoteFileName = (number: string) => `credit-note-${number.replace(/[^A-Za-z0-9-]/g, '-')}.pdf`;
