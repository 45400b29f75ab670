#!/usr/bin/env node
/* global process, URL, console */
// A tiny static file server for the admin build on a second origin (the "admin on its own host" journey):
// files under /{prefix}/ from the build folder, and the panel's index.html for every other path under it.
// Usage: node static-server.mjs <build dir> <port> <prefix>
import { createReadStream, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize, resolve } from 'node:path';

const [dir, port, prefix = 'shuddh'] = process.argv.slice(2);
const root = resolve(dir);
const types = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.json': 'application/json',
};

function isFile(path) {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

createServer((req, res) => {
  const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
  if (path === '/health') return res.end('ok');
  if (!path.startsWith(`/${prefix}/`)) {
    res.writeHead(302, { location: `/${prefix}/` });
    return res.end();
  }
  const file = normalize(join(root, path.slice(prefix.length + 1)));
  const target = file.startsWith(root) && isFile(file) ? file : join(root, 'index.html');
  res.writeHead(200, { 'content-type': types[extname(target)] ?? 'application/octet-stream' });
  createReadStream(target).pipe(res);
}).listen(Number(port), '127.0.0.1', () => console.log(`admin build on http://127.0.0.1:${port}/${prefix}/`));
