#!/usr/bin/env node
/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside every text asset of a built app (JS, CSS, SVG,
 * HTML, JSON, ...), at the highest levels: the cost is paid once at build time, never per request.
 * The server sends the copy the browser accepts (Vary: Accept-Encoding). Usage: precompress.mjs <dir>
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(js|mjs|css|svg|html|json|txt|xml|webmanifest|map)$/i;
/** Below this a compressed copy saves less than its own headers. */
const MIN_BYTES = 512;

const dir = process.argv[2];
if (!dir) {
  console.error('usage: precompress.mjs <dist dir>');
  process.exit(2);
}

function* files(root) {
  for (const entry of readdirSync(root, { withFileTypes: true })) {
    // Dot directories are never served (the manifest, the storefront's server render in dist/.ssr).
    if (entry.name.startsWith('.')) continue;
    const path = join(root, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (COMPRESSIBLE.test(entry.name) && statSync(path).size >= MIN_BYTES) yield path;
  }
}

let count = 0;
for (const path of files(dir)) {
  const body = readFileSync(path);
  const br = brotliCompressSync(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  });
  const gz = gzipSync(body, { level: 9 });
  // A copy that is not smaller is pointless: the server then sends the file itself.
  if (br.length < body.length) writeFileSync(`${path}.br`, br);
  if (gz.length < body.length) writeFileSync(`${path}.gz`, gz);
  count++;
}
console.log(`precompress: brotli and gzip copies of ${count} files in ${dir}`);
