/**
 * The storefront's HTML documents. Every page is the app's index.html; product, blog, category and solution
 * pages get their own head (title, description, canonical, Open Graph, Twitter, JSON-LD) so a link shared on
 * WhatsApp or read by a crawler that runs no JS shows the right thing, and the page's main image is preloaded.
 * Unknown addresses answer 404 (the app shows its "Not found" page), renamed products and blogs 301.
 */
import { escapeHtml } from '../../lib/mailer.js';
import { AFTER_PAINT_DATA_ID, AFTER_PAINT_LOADER, type AfterPaintFiles } from './after-paint.js';

export interface PageHead {
  /** The page's own title; without one the template's (the shop's long title) stays. */
  title?: string;
  description: string;
  /** Path of the page's canonical address, e.g. `/products/a2-cow-ghee`. */
  path: string;
  type?: 'website' | 'product' | 'article';
  /** The page's main image as the API sends it (`/uploads/...` or an absolute URL). */
  image?: string | null | undefined;
  /** The image drawn first on the page, fetched with high priority before the app's JS runs. */
  preload?: { href: string; srcset?: string | undefined; sizes?: string | undefined };
  /** Other large images of the first screen (on a phone the home page's first video poster outweighs the hero), fetched at once at high priority. */
  images?: string[];
  jsonLd?: object;
  noindex?: boolean;
  /** The route's own JS and CSS files (see routeFiles), fetched in parallel with the app's entry. */
  files?: RouteFiles;
  /**
   * The text of `files.css`, inlined instead of preloaded when the page is drawn on the server: the drawn page
   * is styled at its first paint, without a render-blocking request (the app's chunks load these files again later).
   */
  styles?: string[];
}

export interface RouteFiles {
  js: string[];
  css: string[];
}

/** Vite's build manifest (`.vite/manifest.json`): each source module's output file and imports. */
export type ViteManifest = Record<string, { file: string; imports?: string[]; dynamicImports?: string[]; css?: string[]; isEntry?: boolean }>;

/**
 * The files a lazily loaded page module needs before it can draw (its chunk, its static imports and their
 * CSS), without the entry's own: the browser would otherwise learn of them only after the entry has run.
 */
export function routeFiles(manifest: ViteManifest, moduleKey: string, withLazy = false): RouteFiles {
  const js = new Set<string>();
  const css = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || chunk.isEntry || js.has(`/${chunk.file}`)) return;
    js.add(`/${chunk.file}`);
    for (const file of chunk.css ?? []) css.add(`/${file}`);
    for (const dep of chunk.imports ?? []) visit(dep);
    // `withLazy`: the page's own lazily loaded parts too (the home slider and carousels), which the server render draws.
    if (withLazy) for (const dep of chunk.dynamicImports ?? []) visit(dep);
  };
  visit(moduleKey);
  return { js: [...js], css: [...css] };
}

/** Client-side routes of the storefront that need no data from the server to name themselves (SPEC.md). */
export const APP_ROUTES: readonly RegExp[] = [
  /^\/$/,
  /^\/(login|register|forget-password|allproducts|cart|blogs|about-us|privacy-and-policy|profile|orders|search)$/,
  /^\/change-password\/[^/]+$/,
  /^\/search\/[^/]+$/,
];

export const absoluteUrl = (publicUrl: string, url: string): string => (/^https?:\/\//.test(url) ? url : `${publicUrl}${url.startsWith('/') ? '' : '/'}${url}`);

/** JSON inside a <script>: `<` escaped so a product text can never close the tag. */
const scriptJson = (value: object) => JSON.stringify(value).replace(/</g, '\\u003c');

/** Plain text of at most `max` characters from (possibly HTML) text, for a meta description. */
export function summary(text: string, max = 160): string {
  const plain = text
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;|&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
  if (plain.length <= max) return plain;
  const cut = plain.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max - 20))}…`;
}

/** The app's entry in Vite's index.html: `<script type="module" crossorigin src="/assets/index-….js"></script>`. */
const ENTRY_SCRIPT = /\s*<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>/;

/**
 * index.html with the page's own head: title and description replaced, the rest added before </head>; with `body`
 * (the server render), the page drawn inside `<div id="root">` and the data it drew beside it for the app's start.
 */
export function renderHead(template: string, publicUrl: string, brand: string, head: PageHead, body?: { html: string; state: string }): string {
  const ogTitle = head.title ?? /<title>([^<]*)<\/title>/.exec(template)?.[1] ?? brand;
  const title = head.title === undefined || head.title === brand ? undefined : `${head.title} | ${brand}`;
  const url = `${publicUrl}${head.path}`;
  const image = head.image ? absoluteUrl(publicUrl, head.image) : undefined;
  const e = escapeHtml;
  const tags = [
    `<link rel="canonical" href="${e(url)}" />`,
    `<meta property="og:site_name" content="${e(brand)}" />`,
    `<meta property="og:type" content="${head.type ?? 'website'}" />`,
    `<meta property="og:title" content="${e(ogTitle)}" />`,
    `<meta property="og:description" content="${e(head.description)}" />`,
    `<meta property="og:url" content="${e(url)}" />`,
    ...(image ? [`<meta property="og:image" content="${e(image)}" />`] : []),
    `<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}" />`,
    `<meta name="twitter:title" content="${e(ogTitle)}" />`,
    `<meta name="twitter:description" content="${e(head.description)}" />`,
    ...(image ? [`<meta name="twitter:image" content="${e(image)}" />`] : []),
    ...(head.noindex ? ['<meta name="robots" content="noindex" />'] : []),
    ...(head.preload
      ? [
          `<link rel="preload" as="image" fetchpriority="high" href="${e(head.preload.href)}"${
            head.preload.srcset ? ` imagesrcset="${e(head.preload.srcset)}" imagesizes="${e(head.preload.sizes ?? '100vw')}"` : ''
          } />`,
        ]
      : []),
    ...(head.images ?? []).map((href) => `<link rel="preload" as="image" fetchpriority="high" href="${e(href)}" />`),
    ...(head.styles ?? []).map((css) => `<style>${css}</style>`),
    // crossorigin: the app's chunks ask for their CSS in CORS mode; a preload in another mode would be fetched twice.
    ...(head.styles ? [] : (head.files?.css ?? []).map((href) => `<link rel="preload" as="style" crossorigin href="${e(href)}" />`)),
    // A drawn page asks for its JS after its first paint (after-paint.ts); any other page needs it to show anything.
    ...(body ? [] : (head.files?.js ?? []).map((href) => `<link rel="modulepreload" href="${e(href)}" />`)),
    ...(head.jsonLd ? [`<script type="application/ld+json" data-page-head>${scriptJson(head.jsonLd)}</script>`] : []),
  ];
  const withHead = template
    .replace(/<title>[^<]*<\/title>/, (tag) => (title === undefined ? tag : `<title>${e(title)}</title>`))
    .replace(/<meta name="description" content="[^"]*"\s*\/?>/, `<meta name="description" content="${e(head.description)}" />`)
    .replace('</head>', `    ${tags.join('\n    ')}\n  </head>`);
  if (!body) return withHead;
  const entry = ENTRY_SCRIPT.exec(withHead);
  const files: AfterPaintFiles | undefined = entry ? { entry: entry[1]!, chunks: head.files?.js ?? [] } : undefined;
  const later = files
    ? `\n    <script type="application/json" id="${AFTER_PAINT_DATA_ID}">${scriptJson(files)}</script>\n    <script>${AFTER_PAINT_LOADER}</script>`
    : '';
  // A replacer function: `$` in the page's text stays literal (never a replacement pattern).
  return withHead.replace(ENTRY_SCRIPT, '').replace(
    '<div id="root"></div>',
    () => `<div id="root">${body.html}</div>\n    <script type="application/json" id="shop-state">${body.state.replace(/</g, '\\u003c')}</script>${later}`,
  );
}
