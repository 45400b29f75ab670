/** A small built storefront and admin panel in a temp folder, as `vite build` + scripts/precompress.mjs leave them. */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

const STOREFRONT_INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Shuddh Farm: pure A2 ghee</title>
    <meta name="description" content="The farm's shop." />
    <script type="module" crossorigin src="/assets/index-AbC123.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>
`;
/** Large enough to be worth compressing. */
export const HOME_JS = `console.log(${JSON.stringify('ghee '.repeat(400))});\n`;

function writeWithCopies(path: string, text: string) {
  writeFileSync(path, text);
  writeFileSync(`${path}.br`, brotliCompressSync(text));
  writeFileSync(`${path}.gz`, gzipSync(text));
}

export function makeFakeDists(): { STOREFRONT_DIST: string; ADMIN_DIST: string } {
  const root = mkdtempSync(join(tmpdir(), 'shop-dist-'));
  const storefront = join(root, 'storefront');
  const admin = join(root, 'admin');
  for (const dir of [join(storefront, 'assets'), join(storefront, 'videos'), join(storefront, '.vite'), join(admin, 'assets')]) {
    mkdirSync(dir, { recursive: true });
  }
  writeWithCopies(join(storefront, 'index.html'), STOREFRONT_INDEX);
  writeWithCopies(join(storefront, 'assets', 'index-AbC123.js'), HOME_JS);
  writeFileSync(join(storefront, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(storefront, 'videos', 'clip.mp4'), Buffer.from('0123456789'));
  writeFileSync(join(storefront, '.vite', 'manifest.json'), '{}');
  writeWithCopies(join(admin, 'index.html'), `<!doctype html><html><head><title>Admin</title></head><body>${'<!-- admin -->'.repeat(80)}</body></html>`);
  writeWithCopies(join(admin, 'assets', 'admin-Zz9.js'), HOME_JS);
  return { STOREFRONT_DIST: storefront, ADMIN_DIST: admin };
}
