#!/usr/bin/env node
/**
 * Prints the brotli size (what the server sends: scripts/precompress.mjs, quality 11) of the JavaScript the
 * home page loads first: the entry chunk, every chunk it imports statically, and the home route's chunk with
 * its static imports. Fails the build (and so `npm test`) above the budget.
 * Sections the home page loads on demand (the carousels with swiper, the toasts) are listed apart.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';

// Issue 10 asks for 100 kB. Measured from the build's source map, the entry is react-dom/client 55 kB, react-router
// 12 kB, RTK with RTK Query, react-redux, immer and reselect 24 kB, and the shop's own layout, store, saved state and
// router about 6 kB. What the first screen does not need comes right after it, in its own chunks (listed apart):
// the home page under its hero, the carousels (swiper), the footer, the toasts and the api-client.
const BUDGET_KB = 100;
const HOME_MODULE = 'src/features/home/components/home-page.tsx';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
if (!entryKey) throw new Error('no entry in the manifest');
if (!manifest[HOME_MODULE]) throw new Error(`the home page (${HOME_MODULE}) is not its own chunk`);

/** A chunk and everything it imports statically, in load order. */
function staticClosure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key].imports ?? []) staticClosure(dep, seen);
  return seen;
}

const compressedKb = (file) =>
  brotliCompressSync(readFileSync(join(dist, file)), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length / 1000;

const initial = new Set([...staticClosure(entryKey), ...staticClosure(HOME_MODULE)]);
// Loaded right after the first render: the home page's lower part and carousels (swiper), the layout's footer and
// toasts, and the api-client (the store asks for it at start; the first call waits for it).
const layoutLazy = Object.keys(manifest).filter((k) => /src\/app\/(toasts|layout\/footer)\.tsx$|api-client\/dist\/index\.js$/.test(k));
const onDemand = new Set();
for (const start of [...(manifest[HOME_MODULE].dynamicImports ?? []), ...layoutLazy]) {
  for (const k of staticClosure(start)) if (!initial.has(k)) onDemand.add(k);
}

const rows = (keys) => [...keys].map((k) => ({ file: manifest[k].file, kb: compressedKb(manifest[k].file) }));
const initialRows = rows(initial);
const total = initialRows.reduce((s, r) => s + r.kb, 0);
const laterRows = rows(onDemand);
const later = laterRows.reduce((s, r) => s + r.kb, 0);

console.log('\nHome page JavaScript (brotli, as sent):');
for (const r of initialRows.sort((a, b) => b.kb - a.kb)) console.log(`  ${r.kb.toFixed(2).padStart(8)} kB  ${r.file}`);
console.log(`  ${total.toFixed(2).padStart(8)} kB  initial total (entry + static imports + home route), budget ${BUDGET_KB} kB`);
console.log(`  ${later.toFixed(2).padStart(8)} kB  loaded right after (home below the hero, carousels with swiper, footer, toasts, api-client)`);

if (total > BUDGET_KB) {
  console.error(`\nThe home page's initial JavaScript is ${total.toFixed(2)} kB brotli, over the ${BUDGET_KB} kB budget.`);
  process.exit(1);
}
