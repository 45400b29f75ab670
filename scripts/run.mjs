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

/** The command that runs the pinned pnpm with `args`: the installed one when it is that version, else through npx. */
function pnpmCommand(args) {
  const local = spawnSync('pnpm', ['--version'], { encoding: 'utf8' });
  if (local.status === 0 && local.stdout.trim() === pnpmVersion) return ['pnpm', args];
  return ['npx', ['-y', `pnpm@${pnpmVersion}`, ...args]];
}

function pnpm(args) {
  const [cmd, cmdArgs] = pnpmCommand(args);
  return run(cmd, cmdArgs);
}

/**
 * Builds every workspace through turbo, saying so: the first build takes minutes. A line for each package as it
 * starts building (or is taken from turbo's cache); a package's own output is shown only if its build fails.
 */
async function buildWithProgress() {
  console.log('Building the shop (storefront, admin panel, API). The first build takes a few minutes; later starts reuse it.');
  const started = Date.now();
  const [cmd, args] = pnpmCommand(['turbo', 'run', 'build', '--output-logs=full', '--log-order=stream']);
  const turbo = spawn(cmd, args, { cwd: root, env: { ...env, FORCE_COLOR: '0' }, stdio: ['ignore', 'pipe', 'pipe'] });
  const outputOf = new Map();
  const failed = new Set();
  const seconds = () => `${Math.round((Date.now() - started) / 1000)} s`;
  let pending = '';
  const onText = (chunk) => {
    pending += chunk;
    const lines = pending.split(/\r?\n/);
    pending = lines.pop();
    for (const raw of lines) {
      // eslint-disable-next-line no-control-regex -- turbo's colours, when it sends them anyway
      const line = raw.replace(/\u001b\[[0-9;]*[A-Za-z]/g, '');
      const task = /^(\S+):build: ?(.*)$/.exec(line);
      const failure = /^(\S+)#build: +ERROR/.exec(line);
      if (failure) failed.add(failure[1]);
      if (!task) {
        // turbo's own lines: what it runs, and its summary.
        if (/^\s*(• Running|Tasks:|Cached:|Time:|Failed:)/.test(line)) console.log(line.replace(/^\s*• /, '  '));
        continue;
      }
      const [, pkg, text] = task;
      if (/^cache miss, executing/.test(text)) console.log(`  [${seconds()}] building ${pkg}…`);
      else if (/^cache hit/.test(text)) console.log(`  [${seconds()}] ${pkg}: already built`);
      else outputOf.set(pkg, [...(outputOf.get(pkg) ?? []), text]);
    }
  };
  turbo.stdout.setEncoding('utf8').on('data', onText);
  turbo.stderr.setEncoding('utf8').on('data', onText);
  const code = await new Promise((resolve) => turbo.on('close', (status) => resolve(status ?? 1)));
  if (code !== 0) {
    for (const pkg of failed) console.error(`\n${pkg} failed:\n${(outputOf.get(pkg) ?? []).join('\n')}`);
    console.error(`\nThe build failed after ${seconds()}; nothing was started.`);
    process.exit(code);
  }
  console.log(`Built in ${seconds()}. Starting the server…`);
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
    await buildWithProgress();
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
