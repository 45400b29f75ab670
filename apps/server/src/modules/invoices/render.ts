/**
 * The tax invoice as a PDF (pdfkit, built-in Helvetica: amounts are written "INR", which every font can print).
 * Names, addresses and products in Indian scripts are drawn in Noto Sans (indic-text.ts).
 */
import { formatDate } from '@shop/domain/date';
import { formatPaise } from '@shop/domain/money';
import type { LineTax } from '@shop/domain/tax';
import type { Delivery } from '@shop/domain/schemas/orders';
import { openPdf, tableRow } from './indic-text.js';

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

export function renderInvoicePdf(inv: InvoiceDocument): Promise<Buffer> {
  try {
    return drawInvoice(inv, false);
  } catch (err) {
    // A font the shaper cannot handle must not cost the shopper the invoice: its amounts matter more than one name.
    process.emitWarning(`invoice ${inv.number}: an Indian script could not be drawn (${(err as Error).message}); drawn in Helvetica instead`);
    return drawInvoice(inv, true);
  }
}

function drawInvoice(inv: InvoiceDocument, latinOnly: boolean): Promise<Buffer> {
  const { doc, write, done } = openPdf({ size: 'A4', margin: 40, info: { Title: `Tax invoice ${inv.number}`, Author: inv.seller.legalName } }, latinOnly);
  const left = 40;
  const width = doc.page.width - 80;
  doc.font('Helvetica-Bold').fontSize(16).text('TAX INVOICE', left, 40, { width, align: 'center' });
  doc.moveDown(0.5);

  const top = doc.y;
  write(inv.seller.legalName, { size: 11, bold: true, width: width / 2 - 10 }, { x: left, y: top });
  write(inv.seller.address, { size: 9, width: width / 2 - 10 });
  doc.text(`GSTIN: ${inv.seller.gstin}`);
  doc.text(`State: ${inv.seller.state}`);
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

  const b = inv.buyer;
  doc.font('Helvetica-Bold').fontSize(10).text('Bill to / Ship to', left);
  write(b.name, { size: 9 });
  write(b.address, { size: 9 });
  doc.text([b.state, b.pin].filter(Boolean).join(' '));
  doc.text(`Phone: ${b.phone}`);
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
    const taxes = inv.interState ? [formatPaise(l.igstPaise)] : [formatPaise(l.cgstPaise), formatPaise(l.sgstPaise)];
    drawRow(
      [l.detail ? `${l.description}\n${l.detail}` : l.description, l.hsnCode ?? '-', String(l.quantity), formatPaise(l.unitPaise), ...discountCell(l.discountPaise), formatPaise(l.amountPaise), rate(l.ratePercent), formatPaise(l.taxablePaise), ...taxes],
      false,
    );
  }
  const t = inv.totals;
  const totalTaxes = inv.interState ? [formatPaise(t.igstPaise)] : [formatPaise(t.cgstPaise), formatPaise(t.sgstPaise)];
  drawRow(['Total', '', '', '', ...discountCell(inv.lines.reduce((n, l) => n + l.discountPaise, 0)), formatPaise(t.amountPaise), '', formatPaise(t.taxablePaise), ...totalTaxes], true);

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
