/**
 * A page drawn on the server is whole without its JS, so its JS is asked for only once that page is on screen:
 * the document, the fonts and the page's main image get the phone's bandwidth first (on a slow 4G link the 100 kB
 * app bundle otherwise shares it with the LCP image), and the app takes the page over one frame later.
 *
 * The document carries the files as data (`<script type="application/json" id="shop-js">`) and this one fixed
 * inline script, allowed by its hash in the documents' CSP (plugins/security-headers.ts). It waits for the page's
 * main images (the ones drawn with fetchpriority high) and one frame, or for the shopper's first tap or key. A tab
 * opened in the background paints nothing, so there the JS is asked for at once.
 */
import { createHash } from 'node:crypto';

export const AFTER_PAINT_DATA_ID = 'shop-js';

/**
 * The files the loader adds, in order: the route's chunks (modulepreload), then the app's entry (a module script).
 * They travel as JSON in `<script type="application/json" id="shop-js">` (written by pages.ts).
 */
export interface AfterPaintFiles {
  entry: string;
  chunks: string[];
}

/** A main image slower than this (a very slow link) does not hold the app back any longer. */
const MAIN_IMAGE_WAIT_MS = 2500;

export const AFTER_PAINT_LOADER = [
  '(function(){',
  `var f=JSON.parse(document.getElementById('${AFTER_PAINT_DATA_ID}').textContent),done=false;`,
  'function add(){if(done)return;done=true;',
  "f.chunks.forEach(function(h){var l=document.createElement('link');l.rel='modulepreload';l.href=h;document.head.appendChild(l)});",
  "var s=document.createElement('script');s.type='module';s.src=f.entry;document.head.appendChild(s)}",
  'function painted(){requestAnimationFrame(function(){setTimeout(add)})}',
  "if(document.visibilityState!=='visible')return add();",
  // A shopper who taps or types before then gets the app at once.
  "['pointerdown','keydown'].forEach(function(t){addEventListener(t,add,{once:true,capture:true,passive:true})});",
  // The page's main images (fetchpriority high) first, then one frame; never longer than MAIN_IMAGE_WAIT_MS.
  "var wait=[].filter.call(document.querySelectorAll('img[fetchpriority=high]'),function(i){return !i.complete}),left=wait.length;",
  'if(!left)return painted();',
  "wait.forEach(function(i){function one(){if(--left===0)painted()}i.addEventListener('load',one);i.addEventListener('error',one)});",
  `setTimeout(add,${MAIN_IMAGE_WAIT_MS})`,
  '})()',
].join('');

/** The CSP source that allows the loader and nothing else inline. */
export const AFTER_PAINT_LOADER_CSP = `'sha256-${createHash('sha256').update(AFTER_PAINT_LOADER).digest('base64')}'`;
