#!/usr/bin/env node
// One entry point for the root npm scripts, so `npm start` and `npm test` work on a machine
// that has only Node and npm: it brings the pinned pnpm itself (corepack's signature check
// fails on some machines), installs from the lockfile when needed, then runs turbo.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const pnpmVersion = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).packageManager.split('@')[1];
const env = { ...process.env, TURBO_TELEMETRY_DISABLED: '1', DO_NOT_TRACK: '1' };
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env, ...opts });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

function pnpm(args) {
  const local = spawnSync('pnpm', ['--version'], { encoding: 'utf8' });
  if (local.status === 0 && local.stdout.trim() === pnpmVersion) return run('pnpm', args);
  return run('npx', ['-y', `pnpm@${pnpmVersion}`, ...args]);
}

/**
 * Builds every workspace through turbo, saying so: the first build takes minutes. Each package's line shows when
 * it starts ("cache miss, executing") or is taken from the cache ("cache hit"); errors print in full.
 */
function buildWithProgress() {
  console.log('Building the shop (storefront, admin panel, API). The first build takes a few minutes; later starts reuse it.');
  const started = Date.now();
  pnpm(['turbo', 'run', 'build', '--output-logs=hash-only']);
  console.log(`Built in ${Math.round((Date.now() - started) / 1000)} s. Starting the server…`);
}

/**
 * Runs the built API server (it serves the shop and the admin panel) with node itself, in apps/server as its
 * `start` script would. Ctrl+C reaches the server from the terminal; the server closes its connections and
 * database, and this process waits for it and ends as it did (0), so stopping prints no error. A SIGTERM or
 * SIGHUP sent to this process alone is passed on.
 */
function serve(args) {
  const server = spawn(process.execPath, ['dist/main.js', ...args], { cwd: join(root, 'apps', 'server'), stdio: 'inherit', env });
  let stopping = false;
  process.on('SIGINT', () => {
    stopping = true;
  });
  for (const signal of ['SIGTERM', 'SIGHUP']) {
    process.on(signal, () => {
      stopping = true;
      server.kill(signal);
    });
  }
  server.on('exit', (code, signal) => {
    if (stopping && (code === 0 || signal)) {
      console.log('The shop has stopped.');
      process.exit(0);
    }
    process.exit(code ?? 1);
  });
}

function installIfNeeded() {
  const marker = join(root, 'node_modules', '.modules.yaml');
  const lock = join(root, 'pnpm-lock.yaml');
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return;
  pnpm(['install', '--frozen-lockfile']);
}

const task = process.argv[2];
const rest = process.argv.slice(3);
installIfNeeded();
switch (task) {
  case 'start':
    buildWithProgress();
    serve(rest);
    break;
  case 'test':
    // Two tasks at a time: on a 2-core machine, six workspaces' typecheck, lint, test and build at once
    // (load average 12) made jsdom tests time out at random.
    pnpm(['turbo', 'run', 'typecheck', 'lint', 'test', 'build', '--continue', '--concurrency=2', '--output-logs=new-only', ...rest]);
    if (existsSync(chromium)) {
      pnpm(['--filter', '@shop/e2e', 'run', 'e2e']);
    } else {
      console.log(`Browser journeys skipped: no Chromium at ${chromium} (apt-get install chromium to run them).`);
    }
    break;
  case 'test-server':
    // The server suite alone, e.g. a second time with DATABASE_URL set (see .ci/run).
    pnpm(['turbo', 'run', 'build', '--filter', '@shop/server^...', '--output-logs=errors-only']);
    pnpm(['--filter', '@shop/server', 'run', 'test', ...rest]);
    break;
  case 'build':
  case 'lint':
  case 'typecheck':
    pnpm(['turbo', 'run', task, ...rest]);
    break;
  case 'e2e':
    pnpm(['turbo', 'run', 'build', '--output-logs=errors-only']);
    pnpm(['--filter', '@shop/e2e', 'run', 'e2e', ...rest]);
    break;
  case 'bench':
    pnpm(['turbo', 'run', 'build', '--output-logs=errors-only']);
    pnpm(['--filter', '@shop/bench', 'run', 'bench', ...rest]);
    break;
  default:
    console.error(`unknown task ${task}`);
    process.exit(2);
}
