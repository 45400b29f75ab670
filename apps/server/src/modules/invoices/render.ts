/**
 * The tax invoice as a PDF (pdfkit, built-in Helvetica: amounts are written "INR", which every font can print).
 * Names, addresses and products in Indian scripts are drawn in Noto Sans (indic-text.ts).
 */
import { formatDate } from '@shop/domain/date';
import { formatPaise } from '@shop/domain/money';
import type { LineTax } from '@shop/domain/tax';
import type { Delivery } from '@shop/domain/schemas/orders';
import { drawWithLatinFallback, openPdf, tableRow } from './indic-text.js';

interface InvoiceSeller {
  legalName: string;
  address: string;
  gstin: string;
  state: string;
  fssai: string;
}

export interface InvoiceLine extends LineTax {
  description: string;
  /** The size and SKU as sold ("250 ml, SKU A2GHEE-250"), written under the name; '' on lines sold before sizes. */
  detail?: string;
  hsnCode: string | null;
  ratePercent: number;
  quantity: number;
  unitPaise: number;
  /** What a coupon took off the line (0 without one). */
  discountPaise: number;
  /** unit x quantity - discount, tax included: what was paid for the line. */
  amountPaise: number;
}

export interface InvoiceDocument {
  number: string;
  date: Date;
  orderId: string;
  /** The order number people read (`SF-10234`). */
  orderNumber: string;
  receipt: string;
  paymentId: string;
  seller: InvoiceSeller;
  buyer: Delivery;
  buyerEmail: string;
  interState: boolean;
  lines: InvoiceLine[];
  totals: LineTax & { amountPaise: number };
  /** The coupon the order used and what it took off the items (each line's share is its discountPaise). */
  coupon?: { code: string; discountPaise: number };
  /** A cash-on-delivery order: what the courier collects (0 once collected). */
  cashOnDelivery?: { collectPaise: number };
}

/** A GST rate as printed: 5%, 0.25%. */
export const rate = (r: number) => `${Number.isInteger(r) ? r : r.toFixed(2)}%`;

// The credit note (credit-note.ts) is laid out as the invoice: the helpers below draw what the two share.

type Pdf = ReturnType<typeof openPdf>;

/** An A4 document with 40 pt margins and its heading centred on top; `left` and `width` are its text column. */
export function openTaxDocument(title: string, heading: string, author: string, latinOnly: boolean): Pdf & { left: number; width: number } {
  const pdf = openPdf({ size: 'A4', margin: 40, info: { Title: title, Author: author } }, latinOnly);
  const left = 40;
  const width = pdf.doc.page.width - 80;
  pdf.doc.font('Helvetica-Bold').fontSize(16).text(heading, left, 40, { width, align: 'center' });
  return { ...pdf, left, width };
}

/** The seller's block, top left from `top` in the left half of the column: name, address, GSTIN and state. */
export function writeSeller({ doc, write }: Pdf, seller: Omit<InvoiceSeller, 'fssai'>, left: number, top: number, width: number): void {
  write(seller.legalName, { size: 11, bold: true, width: width / 2 - 10 }, { x: left, y: top });
  write(seller.address, { size: 9, width: width / 2 - 10 });
  doc.text(`GSTIN: ${seller.gstin}`);
  doc.text(`State: ${seller.state}`);
}

/** The buyer's block under `heading`: name and address (either may be in an Indian script), then state and PIN. */
export function writeBuyer({ doc, write }: Pdf, heading: string, buyer: Delivery, left: number): void {
  doc.font('Helvetica-Bold').fontSize(10).text(heading, left);
  write(buyer.name, { size: 9 });
  write(buyer.address, { size: 9 });
  doc.text([buyer.state, buyer.pin].filter(Boolean).join(' '));
}

/** A row's GST cells: IGST between states, CGST and SGST within one. */
export const taxCells = (tax: LineTax, interState: boolean) =>
  interState ? [formatPaise(tax.igstPaise)] : [formatPaise(tax.cgstPaise), formatPaise(tax.sgstPaise)];

export function renderInvoicePdf(inv: InvoiceDocument): Promise<Buffer> {
  return drawWithLatinFallback(`invoice ${inv.number}`, (latinOnly) => drawInvoice(inv, latinOnly));
}

function drawInvoice(inv: InvoiceDocument, latinOnly: boolean): Promise<Buffer> {
  const pdf = openTaxDocument(`Tax invoice ${inv.number}`, 'TAX INVOICE', inv.seller.legalName, latinOnly);
  const { doc, write, done, left, width } = pdf;
  doc.moveDown(0.5);

  const top = doc.y;
  writeSeller(pdf, inv.seller, left, top, width);
  doc.text(`FSSAI Lic. No.: ${inv.seller.fssai}`);
  const sellerBottom = doc.y;

  const col2 = left + width / 2 + 10;
  doc.font('Helvetica').fontSize(9);
  doc.text(`Invoice No.: ${inv.number}`, col2, top, { width: width / 2 - 10 });
  doc.text(`Invoice Date: ${formatDate(inv.date)}`);
  doc.text(`Order No. ${inv.orderNumber}`);
  doc.text(inv.cashOnDelivery ? 'Payment: Cash on delivery' : `Payment: ${inv.paymentId}`);
  doc.text(`Place of supply: ${inv.buyer.state}`);
  doc.y = Math.max(sellerBottom, doc.y) + 12;

  writeBuyer(pdf, 'Bill to / Ship to', inv.buyer, left);
  doc.text(`Phone: ${inv.buyer.phone}`);
  if (inv.buyerEmail) doc.text(`Email: ${inv.buyerEmail}`);
  doc.moveDown();

  // Columns: description, HSN, qty, unit price, amount (incl.), GST rate, taxable value, then CGST+SGST or IGST.
  // With a coupon, a Discount column after the unit price: the amount, the taxable value and GST are after it.
  const taxCols = inv.interState ? ['IGST'] : ['CGST', 'SGST'];
  const discounted = inv.lines.some((l) => l.discountPaise > 0);
  const headers = ['Item', 'HSN', 'Qty', 'Unit price', ...(discounted ? ['Discount'] : []), 'Amount (incl. GST)', 'GST rate', 'Taxable value', ...taxCols];
  // The item column is the widest: a name, and under it the size and SKU as sold.
  const widths = discounted
    ? inv.interState ? [135, 34, 24, 50, 46, 60, 34, 60, 72] : [120, 32, 22, 48, 44, 56, 32, 52, 54, 55]
    : inv.interState ? [165, 36, 26, 54, 64, 36, 64, 70] : [150, 34, 24, 50, 60, 34, 55, 54, 54];
  const discountCell = (paise: number) => (discounted ? [paise > 0 ? formatPaise(paise) : '-'] : []);
  const drawRow = (cells: string[], bold: boolean) => tableRow(doc, write, { left, width, widths, size: 8, padding: 2 }, cells, bold);
  drawRow(headers, true);
  for (const l of inv.lines) {
    drawRow(
      [l.detail ? `${l.description}\n${l.detail}` : l.description, l.hsnCode ?? '-', String(l.quantity), formatPaise(l.unitPaise), ...discountCell(l.discountPaise), formatPaise(l.amountPaise), rate(l.ratePercent), formatPaise(l.taxablePaise), ...taxCells(l, inv.interState)],
      false,
    );
  }
  const t = inv.totals;
  drawRow(['Total', '', '', '', ...discountCell(inv.lines.reduce((n, l) => n + l.discountPaise, 0)), formatPaise(t.amountPaise), '', formatPaise(t.taxablePaise), ...taxCells(t, inv.interState)], true);

  doc.moveDown();
  doc.font('Helvetica').fontSize(9);
  if (inv.coupon) doc.text(`Coupon ${inv.coupon.code}: INR ${formatPaise(inv.coupon.discountPaise)} off the items, spread over the lines; GST is on the discounted values.`, left, doc.y, { width });
  doc.text(`Taxable value: INR ${formatPaise(t.taxablePaise)}`, left);
  if (inv.interState) doc.text(`IGST: INR ${formatPaise(t.igstPaise)}`);
  else doc.text(`CGST: INR ${formatPaise(t.cgstPaise)}    SGST: INR ${formatPaise(t.sgstPaise)}`);
  doc.font('Helvetica-Bold').text(`Invoice total (GST included): INR ${formatPaise(t.amountPaise)}`);
  if (inv.cashOnDelivery) {
    doc.moveDown(0.5);
    const cod = inv.cashOnDelivery.collectPaise > 0 ? `Cash on delivery: collect ₹${formatPaise(inv.cashOnDelivery.collectPaise)}` : 'Cash on delivery: collected';
    write(cod, { size: 12, bold: true }, { x: left, y: doc.y });
  }
  doc.font('Helvetica').fontSize(8).moveDown();
  doc.text('Prices are inclusive of GST; tax is computed and rounded per line. Whether tax is payable on reverse charge: No.', { width });
  doc.text(`${inv.interState ? 'Inter-state supply: IGST.' : 'Intra-state supply: CGST + SGST.'} This is a computer-generated invoice.`, { width });
  doc.end();
  return done;
}
