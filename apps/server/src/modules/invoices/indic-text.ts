/**
 * Indian scripts on a PDF. pdfkit's built-in Helvetica draws Latin only, so a name, address or product written in
 * Devanagari, Bengali, Gurmukhi, Gujarati, Oriya, Tamil, Telugu, Kannada or Malayalam is drawn in that script's
 * Noto Sans (SIL Open Font License 1.1, from the @fontsource/noto-sans-* packages: no system font is read). Text is
 * split into runs by script and each run gets its font; Latin text stays in Helvetica, exactly as before.
 *
 * fontkit shapes the runs (conjuncts, matras, reph), which puts glyphs in visual order: a vowel sign drawn before its
 * consonant would be read back before it too. So each line of a run is marked with its text as written (/ActualText,
 * an option our pdfkit patch adds), which is what pdftotext, search and copy-paste read.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { inflateSync } from 'node:zlib';
import * as fontkit from 'fontkit';
import PDFDocument from 'pdfkit';

type Doc = InstanceType<typeof PDFDocument>;
type Font = fontkit.Font;

/** Each script's Unicode blocks and its font package (the script's own subset of the family). */
const SCRIPTS = [
  // The rupee sign (U+20B9), which Helvetica lacks, is in the Devanagari subset: "collect ₹1,234.00" prints as written.
  { name: 'devanagari', ranges: [[0x0900, 0x097f], [0x1cd0, 0x1cff], [0xa8e0, 0xa8ff], [0x20b9, 0x20b9]] },
  { name: 'bengali', ranges: [[0x0980, 0x09ff]] },
  { name: 'gurmukhi', ranges: [[0x0a00, 0x0a7f]] },
  { name: 'gujarati', ranges: [[0x0a80, 0x0aff]] },
  { name: 'oriya', ranges: [[0x0b00, 0x0b7f]] },
  { name: 'tamil', ranges: [[0x0b80, 0x0bff]] },
  { name: 'telugu', ranges: [[0x0c00, 0x0c7f]] },
  { name: 'kannada', ranges: [[0x0c80, 0x0cff]] },
  { name: 'malayalam', ranges: [[0x0d00, 0x0d7f]] },
] as const;
type Script = (typeof SCRIPTS)[number]['name'];

/** Dandas (shared by several scripts) and the zero-width joiners stay in the run they are in. */
const SHARED = new Set([0x0964, 0x0965, 0x200c, 0x200d]);

function scriptOf(codePoint: number): Script | undefined {
  for (const script of SCRIPTS) {
    if (script.ranges.some(([from, to]) => codePoint >= from && codePoint <= to)) return script.name;
  }
  return undefined;
}

/**
 * A WOFF file as the plain font inside it. fontkit reads a WOFF table by inflating it again on every access, which
 * made each invoice take ~200 ms (every glyph of the subset re-inflated the glyph table); inflated once, ~10 ms.
 */
function woffToSfnt(woff: Buffer): Buffer {
  const tableCount = woff.readUInt16BE(12);
  const tables = Array.from({ length: tableCount }, (_, i) => {
    const entry = 44 + i * 20;
    const offset = woff.readUInt32BE(entry + 4);
    const compressed = woff.subarray(offset, offset + woff.readUInt32BE(entry + 8));
    const length = woff.readUInt32BE(entry + 12);
    return {
      tag: woff.subarray(entry, entry + 4),
      checksum: woff.readUInt32BE(entry + 16),
      data: compressed.length < length ? inflateSync(compressed) : compressed,
    };
  });
  const headerLength = 12 + tableCount * 16;
  const padded = (n: number) => (n + 3) & ~3;
  const sfnt = Buffer.alloc(tables.reduce((size, t) => size + padded(t.data.length), headerLength));
  const entrySelector = Math.floor(Math.log2(tableCount));
  sfnt.writeUInt32BE(woff.readUInt32BE(4), 0); // the font's flavour (TrueType or CFF)
  sfnt.writeUInt16BE(tableCount, 4);
  sfnt.writeUInt16BE(2 ** entrySelector * 16, 6);
  sfnt.writeUInt16BE(entrySelector, 8);
  sfnt.writeUInt16BE(tableCount * 16 - 2 ** entrySelector * 16, 10);
  let offset = headerLength;
  tables.forEach((table, i) => {
    table.tag.copy(sfnt, 12 + i * 16);
    sfnt.writeUInt32BE(table.checksum, 12 + i * 16 + 4);
    sfnt.writeUInt32BE(offset, 12 + i * 16 + 8);
    sfnt.writeUInt32BE(table.data.length, 12 + i * 16 + 12);
    table.data.copy(sfnt, offset);
    offset += padded(table.data.length);
  });
  return sfnt;
}

/** Shaped words kept per font, across invoices (a shop prints the same names and products again and again). */
const LAYOUTS_KEPT = 5_000;

/**
 * Shaping a word takes fontkit a few milliseconds, and pdfkit keeps what it shaped only for one document. So the
 * font remembers each word's shape; pdfkit scales the positions it gets in place, so each call gets its own copy.
 */
function rememberLayouts(font: Font): Font {
  const shape = font.layout.bind(font);
  const shaped = new Map<string, fontkit.GlyphRun>();
  font.layout = (text: string, features?: never) => {
    if (features) return shape(text, features);
    let run = shaped.get(text);
    if (!run) {
      if (shaped.size >= LAYOUTS_KEPT) shaped.clear();
      run = shape(text);
      shaped.set(text, run);
    }
    const positions = run.positions.map((position) => ({ ...position }));
    return {
      glyphs: run.glyphs,
      positions,
      get advanceWidth() {
        return positions.reduce((width, position) => width + position.xAdvance, 0);
      },
    } as unknown as fontkit.GlyphRun;
  };
  return font;
}

const require = createRequire(import.meta.url);
/** Fonts are read and parsed once per process, when a script is first drawn. */
const fonts = new Map<string, Font>();

function fontFor(script: Script, bold: boolean): { font: Font; key: string } {
  const key = `NotoSans-${script}-${bold ? 700 : 400}`;
  let font = fonts.get(key);
  if (!font) {
    const file = require.resolve(`@fontsource/noto-sans-${script}/files/noto-sans-${script}-${script}-${bold ? 700 : 400}-normal.woff`);
    font = rememberLayouts(fontkit.create(woffToSfnt(readFileSync(file))) as Font);
    fonts.set(key, font);
  }
  return { font, key };
}

export interface TextRun {
  text: string;
  /** undefined: Latin and everything else, in Helvetica. */
  script: Script | undefined;
}

/** Splits text into runs of one script; spaces, digits and punctuation stay in an Indian-script run whose font has them. */
export function scriptRuns(text: string, bold = false): TextRun[] {
  const runs: TextRun[] = [];
  for (const char of text) {
    const codePoint = char.codePointAt(0)!;
    const last = runs[runs.length - 1];
    let script = scriptOf(codePoint);
    if ((script === undefined || SHARED.has(codePoint)) && last?.script && fontFor(last.script, bold).font.hasGlyphForCodePoint(codePoint)) {
      script = last.script;
    }
    if (last && last.script === script) last.text += char;
    else runs.push({ text: char, script });
  }
  return runs;
}

export const hasIndianScript = (text: string) => scriptRuns(text).some((run) => run.script !== undefined);

/** Helvetica's ascender (its AFM): an Indian-script run's baseline is put on Helvetica's, so mixed lines stay level. */
const HELVETICA_ASCENDER = 718;

interface WriteOptions extends PDFKit.Mixins.TextOptions {
  /** Font size in points. */
  size: number;
  bold?: boolean;
  /** Everything in Helvetica, as before Indian scripts were drawn (the fallback when shaping fails). */
  latinOnly?: boolean;
}

/**
 * doc.text for text that may hold Indian scripts: Latin-only text takes exactly doc.text's path (same look as
 * ever); other text is written run by run, each in its font, continued on one flow so it wraps as one paragraph.
 */
function writeText(doc: Doc, text: string, options: WriteOptions, at?: { x: number; y: number }): void {
  const { size, bold = false, latinOnly = false, ...textOptions } = options;
  doc.fontSize(size);
  const latin = bold ? 'Helvetica-Bold' : 'Helvetica';
  const runs = latinOnly ? [] : scriptRuns(text, bold);
  if (!runs.some((run) => run.script !== undefined)) {
    doc.font(latin);
    if (at) doc.text(text, at.x, at.y, textOptions);
    else doc.text(text, textOptions);
    return;
  }
  runs.forEach((run, i) => {
    const runOptions: PDFKit.Mixins.TextOptions & { actualText?: boolean } = { ...textOptions, continued: i < runs.length - 1 };
    if (run.script) {
      const { font, key } = fontFor(run.script, bold);
      doc.font(font as never, key);
      runOptions.baseline = (-HELVETICA_ASCENDER / 1000) * size;
      runOptions.actualText = true;
    } else {
      doc.font(latin);
      runOptions.baseline = 'top';
      runOptions.actualText = false;
    }
    if (i === 0 && at) doc.text(run.text, at.x, at.y, runOptions);
    else doc.text(run.text, runOptions);
  });
  doc.font(latin);
}

/** Writes text in a document as writeText does; `latinOnly` is fixed for the whole document. */
export type Write = (text: string, options: WriteOptions, at?: { x: number; y: number }) => void;

/** A PDF being written (the invoice, the packing slips): its document, a writer bound to it, and its bytes once ended. */
export function openPdf(options: PDFKit.PDFDocumentOptions, latinOnly: boolean): { doc: Doc; write: Write; done: Promise<Buffer> } {
  const doc = new PDFDocument(options);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const write: Write = (text, textOptions, at) => writeText(doc, text, { ...textOptions, latinOnly }, at);
  return { doc, write, done };
}

/**
 * Draws a document with its Indian-script text shaped or, when the shaper throws on some of it, again all in Helvetica:
 * a font the shaper cannot handle must not cost the shopper the document, whose amounts matter more than one name.
 * `what` names the document in the warning.
 */
export function drawWithLatinFallback(what: string, draw: (latinOnly: boolean) => Promise<Buffer>): Promise<Buffer> {
  try {
    return draw(false);
  } catch (err) {
    process.emitWarning(`${what}: an Indian script could not be drawn (${(err as Error).message}); drawn in Helvetica instead`);
    return draw(true);
  }
}

/** A ruled table's geometry: its left edge and width, each column's width, the text size, the padding in a cell. */
export interface Table {
  left: number;
  width: number;
  widths: number[];
  size: number;
  padding: number;
}

/** One row of a ruled table: each cell in its column (the first left-aligned, the others right), a thin rule under it. */
export function tableRow(doc: Doc, write: Write, t: Table, cells: string[], bold: boolean): void {
  const y = doc.y;
  let x = t.left;
  let bottom = y;
  cells.forEach((cell, i) => {
    write(cell, { size: t.size, bold, width: t.widths[i]! - 2 * t.padding, align: i === 0 ? 'left' : 'right' }, { x: x + t.padding, y });
    bottom = Math.max(bottom, doc.y);
    x += t.widths[i]!;
  });
  doc.y = bottom + t.padding + 2;
  doc.moveTo(t.left, doc.y - 2).lineTo(t.left + t.width, doc.y - 2).lineWidth(0.5).strokeColor('#999999').stroke();
}
