/**
 * Packing slips (A4) and shipping labels (100 x 150 mm) for the packing table: one page per checkout with the
 * ship-to, the farm's return address, the order number as a Code 128 barcode and what goes in the box (no prices).
 * Names, addresses and products in Indian scripts are drawn as the invoice draws them (invoices/indic-text.ts).
 */
import type PDFDocument from 'pdfkit';
import { toBuffer as barcodePng } from 'bwip-js';
import { and, asc, eq, inArray, ne, or } from 'drizzle-orm';
import { COD_TO_COLLECT, COD_TO_CONFIRM } from '@shop/domain/constants';
import { formatDate } from '@shop/domain/date';
import { formatPaise } from '@shop/domain/money';
import { formatOrderNumber } from '@shop/domain/order-number';
import type { Delivery } from '@shop/domain/schemas/orders';
import type { Db } from '../../db/client.js';
import { checkouts, orders } from '../../db/schema.js';
import { badRequest, notFound } from '../../lib/http-errors.js';
import { checkoutDeliveryColumns, deliveryOf, nameWithSize } from '../checkout/index.js';
import { hasIndianScript, openPdf, tableRow, type Write } from '../invoices/index.js';

/** At most this many ids in one print: a morning's packing, not the whole history. */
const MAX_SLIP_IDS = 200;

const LINE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const CHECKOUT_ID = /^[A-Za-z0-9_]{1,100}$/;

export type SlipLayout = 'a4' | 'label';

interface SlipLine {
  name: string;
  /** The size and SKU as sold, so the packer picks the right jar; empty on lines sold before sizes. */
  size: string;
  sku: string;
  quantity: number;
}

export interface Slip {
  orderNumber: string;
  placedAt: Date;
  delivery: Delivery | null;
  customerName: string;
  lines: SlipLine[];
  /** Cash on delivery not yet collected: what the courier must collect (paise); null for a prepaid order. */
  collectPaise: number | null;
}

export interface ReturnAddress {
  legalName: string;
  address: string;
}

/**
 * The ids of `?ids=` (order line ids or checkout ids, comma-separated) as their checkouts, in the order first named.
 * Refuses, before anything is drawn: a malformed id or too many (400), an id no order has (404, naming it).
 */
export async function loadSlips(db: Db, rawIds: string, orderPrefix: string): Promise<Slip[]> {
  const ids = [...new Set(rawIds.split(',').map((id) => id.trim()).filter(Boolean))];
  if (ids.length === 0) throw badRequest('Choose at least one order to print');
  if (ids.length > MAX_SLIP_IDS) throw badRequest(`Print at most ${MAX_SLIP_IDS} orders at once (${ids.length} were chosen)`);
  const malformed = ids.find((id) => !LINE_ID.test(id) && !CHECKOUT_ID.test(id));
  if (malformed !== undefined) throw badRequest(`"${malformed.slice(0, 60)}" is not an order id`);

  const lineIds = ids.filter((id) => LINE_ID.test(id));
  const checkoutIds = ids.filter((id) => !LINE_ID.test(id));
  const named = await db
    .select({ lineId: orders.id, checkoutId: orders.checkoutId })
    .from(orders)
    .where(
      or(
        lineIds.length ? inArray(orders.id, lineIds) : undefined,
        checkoutIds.length ? inArray(orders.checkoutId, checkoutIds) : undefined,
      ),
    );
  const checkoutOf = new Map<string, string>();
  for (const row of named) {
    checkoutOf.set(row.lineId, row.checkoutId);
    checkoutOf.set(row.checkoutId, row.checkoutId);
  }
  const unknown = ids.find((id) => !checkoutOf.has(id));
  if (unknown !== undefined) throw notFound(`Order ${unknown} not found`);
  const wanted = [...new Set(ids.map((id) => checkoutOf.get(id)!))];

  const rows = await db
    .select({
      checkoutId: checkouts.id,
      orderNumber: checkouts.orderNumber,
      placedAt: checkouts.createdAt,
      payment: checkouts.payment,
      amountPaise: checkouts.amountPaise,
      ...checkoutDeliveryColumns,
      customerName: orders.userName,
      productName: orders.productName,
      variantLabel: orders.variantLabel,
      sku: orders.sku,
      quantity: orders.cartQuantity,
    })
    .from(checkouts)
    // A canceled line is not packed, nor one canceled before it was paid for (its money goes back); a checkout with
    // no line left still gets its page, saying so, so the pages are the checkouts chosen.
    .leftJoin(orders, and(eq(orders.checkoutId, checkouts.id), ne(orders.status, 'Canceled'), eq(orders.refundDue, false)))
    .where(inArray(checkouts.id, wanted))
    .orderBy(asc(orders.createdAt), asc(orders.productName));
  const slips = new Map<string, Slip>();
  for (const row of rows) {
    let slip = slips.get(row.checkoutId);
    if (!slip) {
      slip = {
        orderNumber: formatOrderNumber(orderPrefix, row.orderNumber),
        placedAt: row.placedAt,
        delivery: deliveryOf(row),
        customerName: row.customerName ?? '',
        lines: [],
        collectPaise: row.payment === COD_TO_COLLECT || row.payment === COD_TO_CONFIRM ? row.amountPaise : null,
      };
      slips.set(row.checkoutId, slip);
    }
    if (row.productName !== null && row.quantity !== null) slip.lines.push({ name: row.productName, size: row.variantLabel ?? '', sku: row.sku ?? '', quantity: row.quantity });
  }
  return wanted.map((id) => slips.get(id)!);
}

/** pdfkit page sizes in points: A4, and 100 x 150 mm (1 mm = 72 / 25.4 pt). */
const LABEL_SIZE: [number, number] = [283.46, 425.2];

export function renderSlipsPdf(slips: Slip[], layout: SlipLayout, from: ReturnAddress, brand: string): Promise<Buffer> {
  return barcodes(slips).then(async (pngs) => {
    try {
      return await draw(slips, pngs, layout, from, brand, false);
    } catch (err) {
      // As on the invoice: a script the shaper cannot handle must not cost the packer the whole print.
      process.emitWarning(`packing slips: an Indian script could not be drawn (${(err as Error).message}); drawn in Helvetica instead`);
      return draw(slips, pngs, layout, from, brand, true);
    }
  });
}

/** Each order number as a Code 128 barcode (PNG), with the number printed under it for the eye. */
function barcodes(slips: Slip[]): Promise<Buffer[]> {
  return Promise.all(
    slips.map((s) => barcodePng({ bcid: 'code128', text: s.orderNumber, scale: 3, height: 12, includetext: true, textxalign: 'center', paddingwidth: 4 })),
  );
}

function draw(slips: Slip[], pngs: Buffer[], layout: SlipLayout, from: ReturnAddress, brand: string, latinOnly: boolean): Promise<Buffer> {
  const label = layout === 'label';
  const margin = label ? 14 : 40;
  const { doc, write, done } = openPdf(
    { size: label ? LABEL_SIZE : 'A4', margin, autoFirstPage: false, info: { Title: label ? 'Shipping labels' : 'Packing slips', Author: from.legalName } },
    latinOnly,
  );

  slips.forEach((slip, i) => {
    doc.addPage();
    if (label) drawLabel(doc, slip, pngs[i]!, from, write);
    else drawSlip(doc, slip, pngs[i]!, from, brand, write);
  });
  doc.end();
  return done;
}

type Doc = InstanceType<typeof PDFDocument>;

function shipToLines(d: Delivery | null, fallbackName: string): { name: string; address: string; place: string; phone: string } {
  if (!d) return { name: fallbackName, address: '(no delivery address was recorded)', place: '', phone: '' };
  return { name: d.name, address: d.address, place: [d.state, d.pin].filter(Boolean).join(' '), phone: d.phone ? `Phone: ${d.phone}` : '' };
}

/** A4: a packing slip to go in the box. */
function drawSlip(doc: Doc, slip: Slip, png: Buffer, from: ReturnAddress, brand: string, write: Write): void {
  const left = 40;
  const width = doc.page.width - 80;
  doc.font('Helvetica-Bold').fontSize(18).text('PACKING SLIP', left, 40, { width: width / 2 });
  doc.font('Helvetica').fontSize(10).text(brand, left, doc.y, { width: width / 2 });
  doc.text(`Order No. ${slip.orderNumber}`);
  doc.text(`Placed: ${formatDate(slip.placedAt)}`);
  doc.image(png, left + width - 200, 40, { fit: [200, 70], align: 'right' });

  const top = 130;
  const half = width / 2 - 10;
  const to = shipToLines(slip.delivery, slip.customerName);
  doc.font('Helvetica-Bold').fontSize(10).text('Ship to', left, top);
  write(to.name, { size: 12, bold: true, width: half });
  write(to.address, { size: 11, width: half });
  if (to.place) write(to.place, { size: 11, width: half });
  if (to.phone) write(to.phone, { size: 11, width: half });
  const shipBottom = doc.y;

  const col2 = left + width / 2 + 10;
  doc.font('Helvetica-Bold').fontSize(10).text('Return to', col2, top);
  write(from.legalName, { size: 10, width: half });
  write(from.address, { size: 10, width: half });
  doc.y = Math.max(shipBottom, doc.y) + 20;

  // Item, size, SKU, quantity: what the packer checks off. No prices in the box.
  const widths = [width - 270, 90, 120, 60];
  const row = (cells: string[], bold: boolean) => tableRow(doc, write, { left, width, widths, size: 11, padding: 3 }, cells, bold);
  row(['Item', 'Size', 'SKU', 'Qty'], true);
  if (slip.lines.length === 0) row(['(every line of this order was canceled: nothing to pack)', '', '', ''], false);
  for (const l of slip.lines) row([l.name, l.size, l.sku, String(l.quantity)], false);
  const units = slip.lines.reduce((n, l) => n + l.quantity, 0);
  doc.moveDown(0.5);
  doc.font('Helvetica-Bold').fontSize(11).text(`${units} ${units === 1 ? 'item' : 'items'} in this box`, left, doc.y, { width });
  if (slip.collectPaise !== null) {
    doc.moveDown(0.5);
    doc.font('Helvetica-Bold').fontSize(14).text(codCollectText(slip.collectPaise), left, doc.y, { width });
  }
}

/** What the courier must collect, in Helvetica's letters (it has no rupee sign). */
function codCollectText(paise: number): string {
  return `CASH ON DELIVERY: COLLECT INR ${formatPaise(paise)}`;
}

/** Lines of items that fit on a label; the rest are counted, so one checkout stays one page. */
const LABEL_ITEM_LINES = 8;

/** 100 x 150 mm: large ship-to for the courier, the barcode, a short list of contents, the return address. */
function drawLabel(doc: Doc, slip: Slip, png: Buffer, from: ReturnAddress, write: Write): void {
  const left = 14;
  const width = doc.page.width - 28;
  // Text that would run past the page must never add one: every block is bounded in height, and cut with an
  // ellipsis where it is Latin (the Indian-script fonts have no ellipsis glyph; there the cut is silent).
  const fit = (text: string, size: number, height: number, bold = false) =>
    write(text, { size, bold, width, height, ellipsis: !hasIndianScript(text) });
  const to = shipToLines(slip.delivery, slip.customerName);
  doc.font('Helvetica-Bold').fontSize(9).text('SHIP TO', left, 14, { width });
  fit(to.name, 14, 36, true);
  fit(to.address, 11, 56);
  if (to.place) fit(to.place, 13, 18, true);
  if (to.phone) fit(to.phone, 11, 16);
  doc.moveTo(left, doc.y + 4).lineTo(left + width, doc.y + 4).lineWidth(1).strokeColor('#000000').stroke();

  const barcodeTop = doc.y + 10;
  doc.image(png, left, barcodeTop, { fit: [width, 62], align: 'center' });
  doc.y = barcodeTop + 66;
  doc.font('Helvetica-Bold').fontSize(12).text(`Order No. ${slip.orderNumber}`, left, doc.y, { width, align: 'center' });
  // The courier reads this before handing the parcel over: large, under the order number.
  if (slip.collectPaise !== null) doc.font('Helvetica-Bold').fontSize(12).text(codCollectText(slip.collectPaise), left, doc.y + 2, { width, align: 'center' });
  doc.moveTo(left, doc.y + 3).lineTo(left + width, doc.y + 3).lineWidth(1).stroke();
  doc.y += 8;

  const shown = slip.lines.length > LABEL_ITEM_LINES ? slip.lines.slice(0, LABEL_ITEM_LINES - 1) : slip.lines;
  if (slip.lines.length === 0) fit('(canceled: nothing to pack)', 9, 12);
  // The size beside the name and the SKU after it: the packer picks the jar by either.
  for (const l of shown) fit(`${l.quantity} x ${nameWithSize(l.name, l.size)}${l.sku ? ` · ${l.sku}` : ''}`, 9, 12);
  if (shown.length < slip.lines.length) fit(`+ ${slip.lines.length - shown.length} more lines (see the packing slip)`, 9, 12, true);

  const returnTop = doc.page.height - 14 - 44;
  doc.moveTo(left, returnTop - 4).lineTo(left + width, returnTop - 4).lineWidth(0.5).stroke();
  doc.font('Helvetica').fontSize(7).text('If undelivered, return to:', left, returnTop, { width });
  fit(from.legalName, 8, 10, true);
  fit(from.address, 7, 20);
}
