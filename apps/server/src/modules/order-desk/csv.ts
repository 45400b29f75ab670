/**
 * GET /orders/export.csv: the accountant's sales, one row per order line (`lines`) or per checkout (`orders`).
 * Rows are built from the export's batches as they arrive and stringified by csv-stringify, so memory holds one batch.
 * The tax columns come from the invoice's own functions (@shop/domain/tax), so they equal the invoice to the paisa.
 */
import { Readable, pipeline } from 'node:stream';
import { stringify } from 'csv-stringify';
import { formatOrderNumber } from '@shop/domain/order-number';
import { paiseAsDecimal } from '@shop/domain/money';
import { PAYMENT_METHOD_LABELS } from '@shop/domain/constants';
import { basisPointsToPercent, feeLine, invoiceTotals, isInterState, principalRatePercent, taxedLine } from '@shop/domain/tax';
import { deliveryOf } from '../checkout/index.js';
import { isInvoiced } from '../orders/index.js';
import type { ExportBatch } from './service.js';

export type ExportFormat = 'lines' | 'orders';

/** A cell a spreadsheet would run as a formula (CWE-1236) is made inert with a leading quote. */
function inert(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** A moment as the shop's date and time (IST, which has no daylight saving): `2026-11-26 14:05`. */
function istDateTime(at: Date): string {
  return new Date(at.getTime() + 330 * 60_000).toISOString().slice(0, 16).replace('T', ' ');
}

/** The columns every row starts with, in both formats: the checkout and its customer. */
const CUSTOMER_COLUMNS = [
  'Order number',
  'Date (IST)',
  'Payment',
  'Shipping status',
  'Invoice number',
  'Customer name',
  'Email',
  'Phone',
  'Address',
  'District',
  'State',
  'PIN',
];

const LINE_COLUMNS = [
  ...CUSTOMER_COLUMNS,
  'Product',
  'Size',
  'SKU',
  'Quantity',
  'Unit price',
  'Discount',
  'Taxable value',
  'GST rate %',
  'CGST',
  'SGST',
  'IGST',
  'HSN',
  'Courier',
  'Tracking number',
  'Payment method',
];

const ORDER_COLUMNS = [
  ...CUSTOMER_COLUMNS,
  'Items',
  'Taxable value',
  'CGST',
  'SGST',
  'IGST',
  'Total',
  'Payment method',
  'Delivery fee',
  'COD fee',
];

type Entry = ExportBatch[number];

/** The lines of a checkout with the invoice's tax split; `tax` is null for a line not on an invoice. */
function taxedLines({ checkout: c, lines }: Entry, shopState: string) {
  // As the invoice: only a Paid (or confirmed COD) checkout with a number has one, and lines whose money is owed back
  // are not on it.
  const invoiced = isInvoiced(c.payment) && Boolean(c.invoiceNumber);
  const interState = isInterState(shopState, c.deliveryState ?? '');
  return lines.map((l) => {
    const tax = invoiced && !l.refundDue ? taxedLine(l.unitPricePaise, l.cartQuantity, l.gstRateBp, interState, l.discountPaise) : null;
    return { line: l, ratePercent: basisPointsToPercent(l.gstRateBp ?? 0), tax };
  });
}

/**
 * The checkout's fees as the invoice lists them (Delivery, Cash on delivery fee: each at the principal line's rate);
 * `tax` is null when the checkout has no invoice.
 */
function taxedFees({ checkout: c }: Entry, taxed: ReturnType<typeof taxedLines>, shopState: string) {
  const onInvoice = taxed.flatMap((t) => (t.tax ? [t.tax] : []));
  const invoiced = onInvoice.length > 0;
  const rate = principalRatePercent(onInvoice);
  const interState = isInterState(shopState, c.deliveryState ?? '');
  return [
    { name: 'Delivery', paise: c.shippingFeePaise },
    { name: 'Cash on delivery fee', paise: c.codFeePaise },
  ]
    .filter((f) => f.paise > 0)
    .map((f) => ({ ...f, ratePercent: rate, tax: invoiced ? feeLine(f.paise, rate, interState) : null }));
}

const methodLabel = (method: string) => PAYMENT_METHOD_LABELS[method === 'cod' ? 'cod' : 'online'];

function customerCells({ checkout: c, lines }: Entry, prefix: string): string[] {
  const delivery = deliveryOf(c);
  const status = new Set(lines.map((l) => l.status));
  return [
    formatOrderNumber(prefix, c.orderNumber),
    istDateTime(c.createdAt),
    c.payment,
    status.size === 1 ? lines[0]!.status : 'Mixed',
    isInvoiced(c.payment) ? (c.invoiceNumber ?? '') : '',
    delivery?.name || lines[0]?.userName || '',
    lines[0]?.userEmail ?? '',
    delivery?.phone ?? '',
    (delivery?.address ?? '').split(/\r?\n/).join(', '),
    // District is not asked for yet at checkout.
    '',
    delivery?.state ?? '',
    delivery?.pin ?? '',
  ];
}

function* rowsOf(entry: Entry, format: ExportFormat, prefix: string, shopState: string): Generator<string[]> {
  const head = customerCells(entry, prefix);
  const taxed = taxedLines(entry, shopState);
  const fees = taxedFees(entry, taxed, shopState);
  const method = methodLabel(entry.checkout.paymentMethod);
  if (format === 'orders') {
    const onInvoice = [...taxed, ...fees].flatMap((t) => (t.tax ? [t.tax] : []));
    const totals = invoiceTotals(onInvoice);
    const any = onInvoice.length > 0;
    yield [
      ...head,
      String(entry.lines.reduce((n, l) => n + l.cartQuantity, 0)),
      any ? paiseAsDecimal(totals.taxablePaise) : '',
      any ? paiseAsDecimal(totals.cgstPaise) : '',
      any ? paiseAsDecimal(totals.sgstPaise) : '',
      any ? paiseAsDecimal(totals.igstPaise) : '',
      // The invoice's total when there is one; else what the checkout cost.
      paiseAsDecimal(any ? totals.amountPaise : entry.checkout.amountPaise),
      method,
      paiseAsDecimal(entry.checkout.shippingFeePaise),
      paiseAsDecimal(entry.checkout.codFeePaise),
    ];
    return;
  }
  for (const { line: l, ratePercent, tax } of taxed) {
    yield [
      ...head.slice(0, 3),
      l.status,
      ...head.slice(4),
      l.productName,
      // The size and SKU as sold; empty on lines sold before sizes.
      l.variantLabel ?? '',
      l.sku ?? '',
      String(l.cartQuantity),
      paiseAsDecimal(l.unitPricePaise),
      // The coupon's share of the line; the taxable value and GST are on what was paid for it (as the invoice).
      paiseAsDecimal(l.discountPaise),
      tax ? paiseAsDecimal(tax.taxablePaise) : '',
      tax ? String(ratePercent) : '',
      tax ? paiseAsDecimal(tax.cgstPaise) : '',
      tax ? paiseAsDecimal(tax.sgstPaise) : '',
      tax ? paiseAsDecimal(tax.igstPaise) : '',
      l.hsnCode ?? '',
      l.courier ?? '',
      l.trackingNumber ?? '',
      method,
    ];
  }
  // The fees, each a row of its own as on the invoice (no product, size or quantity of goods).
  for (const f of fees) {
    yield [
      ...head,
      f.name,
      '',
      '',
      '1',
      paiseAsDecimal(f.paise),
      paiseAsDecimal(0),
      f.tax ? paiseAsDecimal(f.tax.taxablePaise) : '',
      f.tax ? String(f.ratePercent) : '',
      f.tax ? paiseAsDecimal(f.tax.cgstPaise) : '',
      f.tax ? paiseAsDecimal(f.tax.sgstPaise) : '',
      f.tax ? paiseAsDecimal(f.tax.igstPaise) : '',
      '',
      '',
      '',
      method,
    ];
  }
}

/** The CSV as a stream: UTF-8 with a byte-order mark (Excel then shows ₹ and Hindi names), every cell made inert. */
export function ordersCsv(batches: AsyncIterable<ExportBatch>, opts: { format: ExportFormat; orderPrefix: string; shopState: string }): Readable {
  const { format, orderPrefix, shopState } = opts;
  async function* rows() {
    yield format === 'lines' ? LINE_COLUMNS : ORDER_COLUMNS;
    for await (const batch of batches) {
      for (const entry of batch) for (const row of rowsOf(entry, format, orderPrefix, shopState)) yield row.map(inert);
    }
  }
  const csv = stringify({ bom: true, record_delimiter: 'windows' });
  // A database error mid-way destroys the response stream (the client sees a cut-off download, not a hang).
  pipeline(Readable.from(rows()), csv, () => {});
  return csv;
}
