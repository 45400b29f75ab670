#!/usr/bin/env node
// Prints the gzip size of what the admin panel downloads first (the entry and its static imports,
// JS and CSS, fonts excluded) and of the chunks that only some screens load: the dashboard
// (chart.js) and the rich-text editor (TipTap). Reads Vite's manifest; run after `vite build`.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));

const gz = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;

/** Files a chunk needs before it runs: itself, its CSS, and its static imports, recursively. */
function closure(key, seen = new Set()) {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return new Set();
  seen.add(key);
  const files = new Set([chunk.file, ...(chunk.css ?? [])]);
  for (const dep of chunk.imports ?? []) for (const f of closure(dep, seen)) files.add(f);
  return files;
}

const sum = (files) => [...files].reduce((total, f) => total + gz(f), 0);
const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
const firstLoad = closure(entryKey);

function lazyChunk(label, key) {
  if (!manifest[key]) {
    console.log(`  ${label.padEnd(38)} (no chunk for ${key})`);
    return;
  }
  const own = [...closure(key)].filter((f) => !firstLoad.has(f));
  console.log(`  ${label.padEnd(38)} ${kb(sum(own)).padStart(9)} gzip  (${own.length} files on top of the first load)`);
}

console.log('Admin bundle sizes (gzip -9):');
console.log(`  ${'First load (entry + static imports)'.padEnd(38)} ${kb(sum(firstLoad)).padStart(9)} gzip  (${firstLoad.size} files: ${[...firstLoad].join(', ')})`);
lazyChunk('Dashboard (chart.js)', 'src/features/dashboard/dashboard-page.tsx');
lazyChunk('Rich-text editor (TipTap)', 'src/components/rich-text-editor.tsx');
