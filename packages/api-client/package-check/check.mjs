#!/usr/bin/env node
// Checks @shop/api-client the way a developer outside this repo gets it: pack the built package, install the
// tarball with plain npm into an empty folder, type-check a strict script that uses it (must pass) and one that
// misuses a field (must fail, for that field), then run the script against a shop.
//
// SHOP_API_URL=http://host:port/api points it at a running shop; without it, the built server is started on
// PGlite with demo data on PACKAGE_CHECK_PORT (default 4168).
import { execFileSync, spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const pkgDir = resolve(here, '..');
const repo = resolve(pkgDir, '../..');
const work = mkdtempSync(join(tmpdir(), 'shop-api-client-check-'));
const run = (cmd, args, opts = {}) => execFileSync(cmd, args, { stdio: 'inherit', ...opts });
let server;

function fail(message) {
  console.error(`api-client package check: ${message}`);
  process.exitCode = 1;
  throw new Error(message);
}

async function startServer() {
  const port = Number(process.env.PACKAGE_CHECK_PORT ?? 4168);
  const dataDir = join(work, 'data');
  server = spawn(process.execPath, [join(repo, 'apps/server/dist/main.js')], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}/api`;
  for (let i = 0; i < 240; i++) {
    if (server.exitCode !== null) fail(`the server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${url}/health`)).ok) return url;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  fail('the server did not answer /api/health within 60 s');
}

try {
  // 1. Pack. pnpm rewrites workspace: ranges; what must not be in the tarball is any dependency on a workspace package.
  run('npx', ['-y', 'pnpm@10.34.9', 'pack', '--pack-destination', work], { cwd: pkgDir, stdio: ['ignore', 'ignore', 'inherit'] });
  const tarball = readdirSync(work).find((f) => /^shop-api-client-.*\.tgz$/.test(f));
  if (!tarball) fail('pnpm pack made no shop-api-client-*.tgz');
  const packed = JSON.parse(execFileSync('tar', ['-xOzf', join(work, tarball), 'package/package.json'], { encoding: 'utf8' }));
  const deps = { ...packed.dependencies, ...packed.peerDependencies, ...packed.optionalDependencies };
  const bad = Object.entries(deps).filter(([name, range]) => name.startsWith('@shop/') || String(range).startsWith('workspace:'));
  if (bad.length) fail(`the packed package.json depends on workspace packages: ${JSON.stringify(bad)}`);
  const dts = execFileSync('tar', ['-xOzf', join(work, tarball), 'package/dist/index.d.ts'], { encoding: 'utf8' });
  if (/from ['"]@shop\//.test(dts)) fail('dist/index.d.ts still imports from @shop/* (types would be missing)');
  console.log(`packed ${tarball}: dependencies ${JSON.stringify(packed.dependencies ?? {})}`);

  // 2. An empty folder, plain npm, the tarball plus the compiler a developer would use.
  const app = join(work, 'app');
  run('mkdir', ['-p', app]);
  run('npm', ['init', '-y'], { cwd: app, stdio: 'ignore' });
  run('npm', ['pkg', 'set', 'type=module'], { cwd: app });
  run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', join(work, tarball), 'typescript@~5.9.3', '@types/node@^20'], { cwd: app });
  for (const f of ['use.ts', 'misuse.ts', 'tsconfig.json']) copyFileSync(join(here, f), join(app, f));
  const tsc = join(app, 'node_modules/typescript/bin/tsc');

  // 3. The right use type-checks under --strict (no skipLibCheck: the shipped .d.ts itself must be sound).
  run(process.execPath, [tsc, '-p', '.', '--strict', '--noEmit', '--skipLibCheck', 'false'], { cwd: app });
  console.log('use.ts: tsc --strict --noEmit passed');

  // 4. The misuse fails, and for the misused field (not for a missing module, which would fail too).
  let out = '';
  try {
    execFileSync(process.execPath, [tsc, '--strict', '--noEmit', '--skipLibCheck', 'false', '--target', 'ES2022', '--module', 'NodeNext', '--types', 'node', 'misuse.ts'], { cwd: app, encoding: 'utf8' });
    fail('misuse.ts type-checked, so the package exposes no real types');
  } catch (err) {
    out = `${err.stdout ?? ''}${err.stderr ?? ''}`;
  }
  if (!/TS(2339|2551): Property 'prise' does not exist/.test(out) || /TS2307|TS7016/.test(out)) fail(`misuse.ts failed for the wrong reason:\n${out}`);
  console.log(`misuse.ts: rejected as it should be: ${out.trim().split('\n')[0]}`);

  // 5. Run it: compile and list page 1 against a shop.
  const apiUrl = process.env.SHOP_API_URL ?? (await startServer());
  run(process.execPath, [tsc, '-p', '.', '--strict'], { cwd: app });
  run(process.execPath, [join(app, 'out/use.js')], { cwd: app, env: { ...process.env, SHOP_API_URL: apiUrl } });
  console.log('api-client package check passed');
} catch (err) {
  if (!process.exitCode) console.error(err);
  process.exitCode = 1;
} finally {
  if (server && server.exitCode === null) {
    const exited = new Promise((r) => server.once('exit', r));
    server.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    if (server.exitCode === null) server.kill('SIGKILL');
  }
  rmSync(work, { recursive: true, force: true });
}
