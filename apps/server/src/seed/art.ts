/**
 * Demo artwork drawn in code: SVG packs (jar, bottle, pouch, tub) with a label in the product's colours,
 * wide slider banners and blog covers. The SVG is rendered by sharp and then stored like an upload.
 */
import sharp from 'sharp';

type PackKind = 'jar' | 'bottle' | 'pouch' | 'tub';

export interface PackArt {
  pack: PackKind;
  /** What is inside (ghee gold, honey amber, milk white...). */
  fill: string;
  /** Lid or cap. */
  lid: string;
  /** Label paper. */
  label: string;
  /** Label text and trim. */
  ink: string;
  /** Background gradient, light to warm. */
  bg: readonly [string, string];
}

export interface PackLabel {
  brand: string;
  title: string;
  size: string;
}

const SERIF = "'DejaVu Serif', 'Liberation Serif', Georgia, serif";
const SANS = "'DejaVu Sans', 'Liberation Sans', Arial, sans-serif";

/** Text placed into SVG must not break the markup (e.g. "Honey & Sweeteners"). */
function escapeXml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
}

/** Greedy word wrap to lines of at most `maxChars` characters (a long single word keeps its own line). */
function wrapWords(text: string, maxChars: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > maxChars) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** Centred multi-line text; `size` shrinks so the longest line fits `width` (bold serif is about 0.62em per glyph). */
function textBlock(opts: {
  lines: string[];
  x: number;
  y: number;
  width: number;
  maxSize: number;
  color: string;
  family?: string;
  weight?: string;
  anchor?: 'middle' | 'start';
  lineHeight?: number;
}): { svg: string; height: number } {
  const longest = Math.max(1, ...opts.lines.map((l) => l.length));
  const size = Math.min(opts.maxSize, Math.floor(opts.width / (longest * 0.62)));
  const lh = size * (opts.lineHeight ?? 1.18);
  const tspans = opts.lines
    .map((l, i) => `<tspan x="${opts.x}" dy="${i === 0 ? 0 : lh.toFixed(1)}">${escapeXml(l)}</tspan>`)
    .join('');
  const svg = `<text x="${opts.x}" y="${opts.y}" font-family="${opts.family ?? SERIF}" font-size="${size}" font-weight="${
    opts.weight ?? 'bold'
  }" fill="${opts.color}" text-anchor="${opts.anchor ?? 'middle'}">${tspans}</text>`;
  return { svg, height: lh * opts.lines.length };
}

/** The label: brand line, product title (wrapped), a rule and the pack size. Centred on cx. */
function labelText(label: PackLabel, art: PackArt, cx: number, top: number, width: number, height: number): string {
  const brand = textBlock({
    lines: [label.brand.toUpperCase()],
    x: cx,
    y: top + 34,
    width: width * 0.8,
    maxSize: 20,
    color: art.ink,
    family: SANS,
    weight: 'bold',
  }).svg;
  const maxChars = Math.max(8, Math.round(width / 22));
  const lines = wrapWords(label.title, maxChars).slice(0, 4);
  const titleSize = Math.min(38, Math.floor((height - 100) / (lines.length * 1.2)));
  const title = textBlock({ lines, x: cx, y: top + 58 + titleSize, width: width * 0.88, maxSize: titleSize, color: art.ink });
  return `${brand}
    <line x1="${cx - width * 0.3}" y1="${top + 46}" x2="${cx + width * 0.3}" y2="${top + 46}" stroke="${art.ink}" stroke-width="2" opacity="0.5"/>
    ${title.svg}
    <text x="${cx}" y="${top + height - 20}" font-family="${SANS}" font-size="22" fill="${art.ink}" text-anchor="middle" opacity="0.85">${escapeXml(
      label.size,
    )}</text>`;
}

function labelPaper(art: PackArt, x: number, y: number, w: number, h: number, rx = 10): string {
  return `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${rx}" fill="${art.label}"/>
    <rect x="${x + 8}" y="${y + 8}" width="${w - 16}" height="${h - 16}" rx="${Math.max(2, rx - 4)}" fill="none" stroke="${art.ink}" stroke-width="2" opacity="0.55"/>`;
}

/** A leaf sprig, used around packs and on banners. */
function leaf(x: number, y: number, angle: number, scale = 1, color = '#5f8a3a'): string {
  return `<g transform="translate(${x} ${y}) rotate(${angle}) scale(${scale})">
    <path d="M0,0 C20,-28 62,-30 88,0 C62,30 20,28 0,0 Z" fill="${color}"/>
    <path d="M4,0 L82,0" stroke="#ffffff" stroke-width="2" opacity="0.45"/>
  </g>`;
}

function jar(art: PackArt, label: PackLabel): string {
  return `<g>
    <rect x="272" y="178" width="256" height="66" rx="14" fill="${art.lid}"/>
    ${[196, 212, 228].map((y) => `<line x1="282" y1="${y}" x2="518" y2="${y}" stroke="#000" stroke-width="2" opacity="0.15"/>`).join('')}
    <rect x="292" y="240" width="216" height="26" rx="6" fill="#ffffff" opacity="0.55"/>
    <rect x="232" y="258" width="336" height="432" rx="58" fill="#ffffff" opacity="0.45" stroke="#ffffff" stroke-width="4"/>
    <rect x="246" y="298" width="308" height="378" rx="48" fill="url(#fill)"/>
    ${labelPaper(art, 232, 372, 336, 220, 8)}
    ${labelText(label, art, 400, 372, 336, 220)}
    <rect x="256" y="290" width="22" height="370" rx="11" fill="#ffffff" opacity="0.35"/>
  </g>`;
}

function bottle(art: PackArt, label: PackLabel): string {
  return `<g>
    <rect x="354" y="118" width="92" height="64" rx="10" fill="${art.lid}"/>
    ${[134, 150, 166].map((y) => `<line x1="360" y1="${y}" x2="440" y2="${y}" stroke="#000" stroke-width="2" opacity="0.15"/>`).join('')}
    <path d="M366,180 L434,180 L434,238 C434,286 524,292 524,352 L524,664 Q524,692 496,692 L304,692 Q276,692 276,664 L276,352 C276,292 366,286 366,238 Z" fill="url(#fill)" stroke="#ffffff" stroke-width="4" stroke-opacity="0.6"/>
    ${labelPaper(art, 276, 402, 248, 230, 6)}
    ${labelText(label, art, 400, 402, 248, 230)}
    <rect x="292" y="350" width="16" height="310" rx="8" fill="#ffffff" opacity="0.3"/>
  </g>`;
}

function pouch(art: PackArt, label: PackLabel): string {
  return `<g>
    <path d="M246,196 L554,196 L566,680 Q400,708 234,680 Z" fill="url(#fill)"/>
    <path d="M246,196 L554,196 L556,236 L244,236 Z" fill="#000000" opacity="0.12"/>
    <line x1="250" y1="250" x2="550" y2="250" stroke="#000" stroke-width="3" stroke-dasharray="10 6" opacity="0.25"/>
    <circle cx="278" cy="216" r="7" fill="#ffffff" opacity="0.8"/>
    ${labelPaper(art, 272, 282, 256, 250, 16)}
    ${labelText(label, art, 400, 282, 256, 250)}
    <ellipse cx="400" cy="602" rx="92" ry="46" fill="${art.label}" opacity="0.9"/>
    ${[-52, -26, 0, 26, 52]
      .flatMap((dx, i) => [`<ellipse cx="${400 + dx}" cy="${596 + (i % 2) * 12}" rx="9" ry="6" fill="${art.lid}" opacity="0.8"/>`])
      .join('')}
    <path d="M262,300 L270,660" stroke="#ffffff" stroke-width="12" stroke-linecap="round" opacity="0.18"/>
  </g>`;
}

function tub(art: PackArt, label: PackLabel): string {
  return `<g>
    <rect x="212" y="358" width="376" height="62" rx="20" fill="${art.lid}"/>
    <rect x="230" y="364" width="340" height="14" rx="7" fill="#ffffff" opacity="0.25"/>
    <path d="M232,416 L568,416 L540,688 Q400,702 260,688 Z" fill="url(#fill)" stroke="#ffffff" stroke-width="4" stroke-opacity="0.6"/>
    ${labelPaper(art, 250, 448, 300, 200, 10)}
    ${labelText(label, art, 400, 448, 300, 200)}
  </g>`;
}

const PACKS: Record<PackKind, (art: PackArt, label: PackLabel) => string> = { jar, bottle, pouch, tub };

/** Gradient definitions a pack refers to (ids are prefixed so several packs can share one SVG). */
function packDefs(art: PackArt, id: string): string {
  return `<linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${art.fill}" stop-opacity="0.85"/>
    <stop offset="1" stop-color="${art.fill}"/>
  </linearGradient>`;
}

/** One pack drawn on an 800x800 canvas, placed with `transform`. */
function packGroup(art: PackArt, label: PackLabel, id: string, transform = ''): string {
  return `<g transform="${transform}">
    <ellipse cx="400" cy="698" rx="210" ry="22" fill="#3b2a14" opacity="0.16"/>
    ${PACKS[art.pack](art, label).replace(/url\(#fill\)/g, `url(#${id})`)}
  </g>`;
}

function farmBackground(width: number, height: number, bg: readonly [string, string], id: string): string {
  const h = height;
  const w = width;
  return `<defs>
      <linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1">
        <stop offset="0" stop-color="${bg[0]}"/><stop offset="1" stop-color="${bg[1]}"/>
      </linearGradient>
    </defs>
    <rect width="${w}" height="${h}" fill="url(#${id})"/>
    <circle cx="${w * 0.8}" cy="${h * 0.2}" r="${Math.min(w, h) * 0.13}" fill="#fff4c2" opacity="0.55"/>
    <path d="M0,${h * 0.8} C${w * 0.25},${h * 0.7} ${w * 0.5},${h * 0.86} ${w},${h * 0.74} L${w},${h} L0,${h} Z" fill="#7d9b4b" opacity="0.32"/>
    <path d="M0,${h * 0.88} C${w * 0.3},${h * 0.8} ${w * 0.6},${h * 0.94} ${w},${h * 0.85} L${w},${h} L0,${h} Z" fill="#5f7f36" opacity="0.35"/>`;
}

export function productSvg(art: PackArt, label: PackLabel): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800">
    ${farmBackground(800, 800, art.bg, 'bg')}
    <defs>${packDefs(art, 'p0')}</defs>
    ${leaf(150, 560, -35, 1.2)}${leaf(600, 600, 200, 1.1, '#6f9a44')}${leaf(170, 640, 10, 0.9, '#86a852')}
    <g transform="translate(96 96)">
      <circle r="62" fill="${art.ink}" opacity="0.9"/>
      <circle r="52" fill="none" stroke="${art.label}" stroke-width="2" stroke-dasharray="4 4"/>
      <text y="-4" font-family="${SANS}" font-size="26" font-weight="bold" fill="${art.label}" text-anchor="middle">100%</text>
      <text y="24" font-family="${SANS}" font-size="15" font-weight="bold" fill="${art.label}" text-anchor="middle">NATURAL</text>
    </g>
    ${packGroup(art, label, 'p0')}
  </svg>`;
}

export interface BannerArt {
  headline: string;
  subline: string;
  cta: string;
  bg: readonly [string, string];
  ink: string;
  button: string;
  packs: ReadonlyArray<{ art: PackArt; label: PackLabel }>;
}

/** A 1600x600 home-slider banner: headline and button on the left, packs on the right. */
export function bannerSvg(brand: string, banner: BannerArt): string {
  const headlineLines = wrapWords(banner.headline, 22).slice(0, 2);
  const headlineSize = headlineLines.length === 1 ? 78 : 64;
  const subLines = wrapWords(banner.subline, 36).slice(0, 2);
  // Headline, subline and button as one block, centred between the brand line and the foot of the banner.
  const blockHeight = headlineLines.length * headlineSize * 1.18 + 18 + subLines.length * 39 + 30 + 64;
  const top = 160 + Math.max(0, (420 - blockHeight) / 2);
  const headline = textBlock({
    lines: headlineLines,
    x: 110,
    y: top + headlineSize * 0.85,
    width: 720,
    maxSize: headlineSize,
    color: banner.ink,
    anchor: 'start',
  });
  const subY = top + headline.height + 18;
  const sub = textBlock({
    lines: subLines,
    x: 110,
    y: subY + 24,
    width: 680,
    maxSize: 30,
    color: banner.ink,
    family: SANS,
    weight: 'normal',
    anchor: 'start',
    lineHeight: 1.3,
  });
  const ctaY = subY + sub.height + 30;
  const ctaWidth = banner.cta.length * 16 + 90;
  // Packs stand on the right, clear of the text (the pack itself is about 340 of its 800-wide canvas).
  const scale = 0.6;
  const packs = banner.packs
    .slice(0, 3)
    .map((p, i, all) => {
      const centre = 1440 - (all.length - 1 - i) * 235;
      return packGroup(p.art, p.label, `b${i}`, `translate(${centre - 400 * scale} ${575 - 720 * scale + (i % 2) * 10}) scale(${scale})`);
    })
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="600" viewBox="0 0 1600 600">
    ${farmBackground(1600, 600, banner.bg, 'bg')}
    <defs>${banner.packs.map((p, i) => packDefs(p.art, `b${i}`)).join('')}</defs>
    ${leaf(110, 112, -20, 0.45)}
    <text x="160" y="122" font-family="${SANS}" font-size="24" font-weight="bold" letter-spacing="4" fill="${banner.ink}" opacity="0.8">${escapeXml(
      brand.toUpperCase(),
    )}</text>
    ${headline.svg}
    <g opacity="0.88">${sub.svg}</g>
    <rect x="110" y="${ctaY}" width="${ctaWidth}" height="64" rx="32" fill="${banner.button}"/>
    <text x="${110 + ctaWidth / 2}" y="${ctaY + 42}" font-family="${SANS}" font-size="26" font-weight="bold" fill="#ffffff" text-anchor="middle">${escapeXml(
      banner.cta,
    )}  →</text>
    ${leaf(1530, 545, 230, 1.1, '#6f9a44')}
    ${packs}
  </svg>`;
}

export interface CoverArt {
  kicker: string;
  title: string;
  bg: readonly [string, string];
  ink: string;
  packs: ReadonlyArray<{ art: PackArt; label: PackLabel }>;
}

/** A 1200x630 blog cover (the size link previews use). */
export function coverSvg(brand: string, cover: CoverArt): string {
  const title = textBlock({
    lines: wrapWords(cover.title, 18).slice(0, 4),
    x: 80,
    y: 250,
    width: 620,
    maxSize: 60,
    color: cover.ink,
    anchor: 'start',
  });
  const packs = cover.packs
    .slice(0, 2)
    .map((p, i, all) => {
      const scale = all.length === 1 ? 0.7 : 0.56;
      const centre = all.length === 1 ? 940 : 840 + i * 230;
      const y = 610 - 720 * scale - i * 12;
      return packGroup(p.art, p.label, `c${i}`, `translate(${centre - 400 * scale} ${y.toFixed(0)}) scale(${scale})`);
    })
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
    ${farmBackground(1200, 630, cover.bg, 'bg')}
    <defs>${cover.packs.map((p, i) => packDefs(p.art, `c${i}`)).join('')}</defs>
    <rect x="80" y="130" width="${Math.round(cover.kicker.length * 16.5 + 40)}" height="44" rx="22" fill="${cover.ink}" opacity="0.9"/>
    <text x="100" y="160" font-family="${SANS}" font-size="20" font-weight="bold" letter-spacing="2" fill="#fff8e8">${escapeXml(
      cover.kicker.toUpperCase(),
    )}</text>
    ${title.svg}
    <text x="80" y="580" font-family="${SANS}" font-size="22" font-weight="bold" letter-spacing="3" fill="${cover.ink}" opacity="0.8">${escapeXml(
      brand.toUpperCase(),
    )} · FARM JOURNAL</text>
    ${leaf(560, 560, -40, 0.9)}
    ${packs}
  </svg>`;
}

/** Renders SVG to PNG bytes (fast, lightly compressed: it is re-encoded to WebP right after). */
export function renderPng(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).png({ compressionLevel: 1 }).toBuffer();
}
