/** Indian scripts on the invoice: each major script is drawn in its font and read back as written; Latin is untouched. */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { installed } from '../../test/checkout-fixtures.js';
import { scriptRuns } from './indic-text.js';
import { renderInvoicePdf, type InvoiceDocument, type InvoiceLine } from './render.js';

const dir = mkdtempSync(join(tmpdir(), 'indic-text-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const hasPdftotext = installed('pdftotext');

/** pdftotext in both its modes: as laid out (what the invoice tests read) and in reading order. */
function pdfTexts(pdf: Buffer): string[] {
  const file = join(dir, `${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, pdf);
  return [execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }), execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' })];
}

const line = (description: string): InvoiceLine => ({
  description,
  hsnCode: '0405',
  ratePercent: 5,
  quantity: 1,
  unitPaise: 10_500,
  amountPaise: 10_500,
  discountPaise: 0,
  taxablePaise: 10_000,
  taxPaise: 500,
  cgstPaise: 250,
  sgstPaise: 250,
  igstPaise: 0,
});

function invoiceFor(name: string, address: string, products: string[]): InvoiceDocument {
  return {
    number: 'SF/2026-27/00042',
    date: new Date('2026-11-20T10:00:00Z'),
    orderId: '3f2b8c1e-9a4d-4e7b-8c2a-1d5e6f7a8b9c',
    orderNumber: 'SF-10042',
    receipt: 'rcpt_42',
    paymentId: 'pay_42',
    seller: { legalName: 'Shuddh Farm Organics LLP', address: 'Survey No. 42, Wagholi Road, Pune', gstin: '27AAAAA0000A1Z5', state: 'Maharashtra', fssai: '11526998000123' },
    buyer: { name, phone: '+919876543210', address, pin: '411001', state: 'Maharashtra' },
    buyerEmail: 'buyer@example.com',
    interState: false,
    lines: products.map(line),
    totals: { amountPaise: 10_500 * products.length, taxablePaise: 10_000 * products.length, taxPaise: 500 * products.length, cgstPaise: 250 * products.length, sgstPaise: 250 * products.length, igstPaise: 0 },
  };
}

describe('scriptRuns', () => {
  it('splits text by script, keeping spaces inside a run whose font has them', () => {
    expect(scriptRuns('Ghee शुद्ध देसी घी, 500 ml')).toEqual([
      { text: 'Ghee ', script: undefined },
      { text: 'शुद्ध देसी घी', script: 'devanagari' },
      { text: ', 500 ml', script: undefined },
    ]);
    expect(scriptRuns('12, காந்தி சாலை, மதுரை').map((r) => r.script)).toEqual([undefined, 'tamil', undefined, 'tamil']);
    expect(scriptRuns('A2 Desi Ghee 500 ml')).toEqual([{ text: 'A2 Desi Ghee 500 ml', script: undefined }]);
  });
});

describe.skipIf(!hasPdftotext)('an invoice in Indian scripts', () => {
  // A place name with conjuncts or vowel signs drawn before their consonant, in each script.
  const samples: Record<string, string> = {
    devanagari: 'राम कुमार शर्मा',
    bengali: 'কলকাতা শ্রীরামপুর',
    gurmukhi: 'ਅੰਮ੍ਰਿਤਸਰ',
    gujarati: 'અમદાવાદ સ્ટેશન',
    oriya: 'ଭୁବନେଶ୍ୱର',
    tamil: 'காந்தி சாலை, மதுரை',
    telugu: 'హైదరాబాద్',
    kannada: 'ಬೆಂಗಳೂರು',
    malayalam: 'തിരുവനന്തപുരം',
  };

  it.each(Object.entries(samples))('reads back %s as written', async (script, text) => {
    expect(scriptRuns(text).map((r) => r.script)).toContain(script);
    // The product column is narrow: one word, after a Latin one.
    const product = `Ghee ${text.split(' ')[0]}`;
    const pdf = await renderInvoicePdf(invoiceFor(text, `12, ${text}`, [product]));
    for (const read of pdfTexts(pdf)) {
      expect(read).toContain(text);
      expect(read).toContain(`12, ${text}`);
      expect(read).toContain(product);
    }
  });

  it('keeps a Latin-only invoice in Helvetica, with no other font embedded', async () => {
    const pdf = await renderInvoicePdf(invoiceFor('Ram Kumar Sharma', '12, Gandhi Road, Madurai', ['A2 Desi Ghee 500 ml']));
    const raw = pdf.toString('latin1');
    expect(raw).not.toMatch(/NotoSans|FontFile/);
    expect(raw).toMatch(/\/BaseFont \/Helvetica/);
  });
});
