#!/usr/bin/env node
/**
 * Prints the JavaScript a first visit to the home page transfers, as the server sends it, and fails the build (and
 * so `npm test`) above the budget. What a phone loads without a scroll or a tap:
 * - the entry chunk and its static imports (the head of every page);
 * - the home page's files as the server lists them for after the first paint (apps/server/src/modules/seo,
 *   routeFiles with the page's lazy parts): the home chunk, its static imports and its dynamic imports, all
 *   followed; the entry's own dynamic imports are not followed (the other pages, the parts that wait to come near
 *   the screen in app/deferred-parts.tsx, the toasts, the api-client);
 * - the chunks the started app asks for on its own at once (START_CHUNKS: none today; the toasts, the api-client
 *   and the footer wait for a toast, a call and the footer's coming near).
 * "As sent": the brotli copy that scripts/precompress.mjs writes (quality 11), or the file itself when it has none
 * (files under 512 bytes are sent uncompressed). `e2e/support/home-js.mjs` measures the same in a real browser
 * (`node e2e/support/home-js.mjs http://127.0.0.1:PORT` against a running shop).
 * The parts loaded later (when near, on a tap, on a toast) are listed apart.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';

// Issue 10: the first load of home transfers <= 100 kB of JS. Measured from the build's source map (brotli shares),
// the entry (95.05 kB) is react-dom/client with react and the scheduler 55.7 kB, RTK with RTK Query, react-redux,
// immer, reselect and redux 24.5 kB, react-router about 9 kB (its production build, its unused parts tree-shaken:
// vite-react-router-prod.ts, docs/decisions/0102; 11.3 kB before), and the shop's own frame, store, routes and Vite's
// loader about 6 kB; the home page's slider and clips 2 kB, its title, images and prices 0.6 kB (page-kit). That
// leaves almost nothing: whatever the first screen of a phone does not show belongs in a part that loads later.
const BUDGET_KB = 100;
/** Chunks the app imports at start by itself, beside the home page (manifest keys). */
const START_CHUNKS = [];
/** Below this the precompressed copy is not written (scripts/precompress.mjs) and the file goes as it is. */
const MIN_COMPRESSED_BYTES = 512;

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
// The home route's page module, as the build's route map names it (vite-route-modules.ts), like the server does.
const HOME_MODULE = JSON.parse(readFileSync(join(dist, '.vite', 'route-modules.json'), 'utf8'))['/'];

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
if (!entryKey) throw new Error('no entry in the manifest');
if (!manifest[HOME_MODULE]) throw new Error(`the home page (${HOME_MODULE}) is not its own chunk`);

/** A chunk and what it imports statically (and, `withLazy`, dynamically too, as the server's routeFiles does). */
function closure(key, withLazy, seen = new Set()) {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return seen;
  seen.add(key);
  for (const dep of chunk.imports ?? []) closure(dep, withLazy, seen);
  // The entry's dynamic imports are not the page's (routeFiles stops at the entry).
  if (withLazy && !chunk.isEntry) for (const dep of chunk.dynamicImports ?? []) closure(dep, withLazy, seen);
  return seen;
}

/** Bytes as sent: the brotli copy, or the file when it is too small to get one or the copy would not be smaller. */
function sentKb(file) {
  const body = readFileSync(join(dist, file));
  if (body.length < MIN_COMPRESSED_BYTES) return { kb: body.length / 1000, how: 'plain' };
  const br = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } });
  return br.length < body.length ? { kb: br.length / 1000, how: 'br' } : { kb: body.length / 1000, how: 'plain' };
}

const first = new Set([...closure(entryKey, false), ...closure(HOME_MODULE, true)]);
for (const key of START_CHUNKS) closure(key, false, first);
// What a home visit loads later: the parts waiting to come near or be shown, the toasts, the api-client.
const LATER = /src\/app\/(layout\/(footer|desktop-menus)|toasts)\.tsx$|src\/features\/home\/components\/below-the-fold\.tsx$|api-client/;
const later = new Set();
for (const start of (manifest[entryKey].dynamicImports ?? []).filter((k) => LATER.test(k))) {
  for (const k of closure(start, false)) if (!first.has(k)) later.add(k);
}

const rows = (keys) => [...keys].map((k) => ({ file: manifest[k].file, ...sentKb(manifest[k].file) })).sort((a, b) => b.kb - a.kb);
const firstRows = rows(first);
const total = firstRows.reduce((s, r) => s + r.kb, 0);
const laterRows = rows(later);

console.log('\nHome page JavaScript of a first visit on a phone (as sent):');
for (const r of firstRows) console.log(`  ${r.kb.toFixed(2).padStart(8)} kB  ${r.how.padEnd(5)}  ${r.file}`);
console.log(`  ${total.toFixed(2).padStart(8)} kB  total (entry + home route and its lazy parts), budget ${BUDGET_KB} kB`);
if (laterRows.length > 0) {
  console.log('Loaded later (near the screen, shown, on a toast or a call):');
  for (const r of laterRows) console.log(`  ${r.kb.toFixed(2).padStart(8)} kB  ${r.how.padEnd(5)}  ${r.file}`);
}

if (total > BUDGET_KB) {
  console.error(`\nA first visit to the home page loads ${total.toFixed(2)} kB of JavaScript, over the ${BUDGET_KB} kB budget.`);
  process.exit(1);
}
