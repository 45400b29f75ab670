/**
 * One process per PGlite data folder, with real processes (src/main.ts and src/cli/admin-create.ts through tsx):
 * a second server and admin:create on a folder in use exit non-zero, saying which process holds it and since when,
 * while the first keeps serving; after the first is killed (SIGKILL, no clean-up) the next server takes the lock over.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { DataFolderInUseError, lockDataFolder } from '../../lib/data-lock.js';
import { serverProcessEnv } from '../server-process.js';

const serverDir = new URL('../../..', import.meta.url).pathname;
const children: ChildProcessWithoutNullStreams[] = [];
const folders: string[] = [];

afterAll(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

function newDataDir(): string {
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-lock-'));
  folders.push(dataDir);
  // The run's migrated template (PGlite pass) gets the server up in seconds.
  const template = inject('pgliteTemplateDir');
  if (template) cpSync(template, join(dataDir, 'db'), { recursive: true });
  return dataDir;
}

interface Run {
  proc: ChildProcessWithoutNullStreams;
  output: () => string;
  exited: Promise<number | null>;
}

function run(script: string, args: string[], dataDir: string): Run {
  const env = serverProcessEnv(dataDir);
  const proc = spawn(process.execPath, ['--import', 'tsx', script, ...args], { cwd: serverDir, env });
  children.push(proc);
  let text = '';
  proc.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
  proc.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)));
  return { proc, output: () => text, exited };
}

/** Resolves with the port once the server listens; rejects if it exits first or takes over a minute. */
async function listening(server: Run): Promise<number> {
  const deadline = Date.now() + 75_000;
  while (Date.now() < deadline) {
    const match = server.output().match(/Server listening at http:\/\/127\.0\.0\.1:(\d+)/);
    if (match) return Number(match[1]);
    if (server.proc.exitCode !== null) throw new Error(`server exited with ${server.proc.exitCode}:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`server not listening after 75 s:\n${server.output()}`);
}

describe('one server per PGlite data folder', () => {
  it('refuses a second server and admin:create on a folder in use, and the first keeps serving', { timeout: 240_000 }, async () => {
    const dataDir = newDataDir();
    const first = run('src/main.ts', [], dataDir);
    const port = await listening(first);

    const second = run('src/main.ts', [], dataDir);
    expect(await second.exited).toBe(1);
    const pid = first.proc.pid!;
    expect(second.output()).toMatch(
      new RegExp(`Cannot start: the data folder .*/db is in use by the server with pid ${pid}, since \\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z`),
    );
    expect(second.output()).not.toMatch(/Server listening/);

    const adminCreate = run('src/cli/admin-create.ts', ['--email', 'late@farm.in', '--password', 'a-long-password'], dataDir);
    expect(await adminCreate.exited).toBe(1);
    expect(adminCreate.output()).toMatch(new RegExp(`in use by the server with pid ${pid}, since .*\\nStop the shop, run admin:create`));

    // The first server still answers, from its database.
    const health = await fetch(`http://127.0.0.1:${port}/api/health/ready`);
    expect(health.status).toBe(200);
    expect((await fetch(`http://127.0.0.1:${port}/api/products/search`)).status).toBe(200);

    // A crash leaves the lock behind; the next server sees its holder is gone and takes it over.
    first.proc.kill('SIGKILL');
    await first.exited;
    expect(existsSync(join(dataDir, 'db.lock'))).toBe(true);
    const next = run('src/main.ts', [], dataDir);
    const nextPort = await listening(next);
    expect((await fetch(`http://127.0.0.1:${nextPort}/api/health/ready`)).status).toBe(200);

    // A clean stop leaves the folder free.
    next.proc.kill('SIGTERM');
    expect(await next.exited).toBe(0);
    expect(existsSync(join(dataDir, 'db.lock'))).toBe(false);
    const adminAfter = run('src/cli/admin-create.ts', ['--email', 'late@farm.in', '--password', 'a-long-password'], dataDir);
    expect(await adminAfter.exited).toBe(0);
    expect(adminAfter.output()).toMatch(/Created admin account late@farm.in/);
  });

  it('takes over a lock whose process is gone, and names a live holder', { timeout: 30_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'shop-lock-'));
    folders.push(dataDir);
    const folder = join(dataDir, 'db');
    const leaveLock = (pid: number) => {
      mkdirSync(`${folder}.lock`, { recursive: true });
      writeFileSync(`${folder}.lock-owner.json`, JSON.stringify({ pid, host: hostname(), by: 'server', since: '2026-11-20T08:00:00.000Z' }));
    };

    // A process that has exited: its pid runs nothing now.
    const gone = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => gone.on('exit', resolve));
    leaveLock(gone.pid!);
    const release = await lockDataFolder(folder, 'server', () => {});
    await release();

    // A live one (a sleeping child) keeps its lock, however old.
    const alive = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)']);
    try {
      leaveLock(alive.pid!);
      const attempt = lockDataFolder(folder, 'admin:create', () => {});
      await expect(attempt).rejects.toBeInstanceOf(DataFolderInUseError);
      await expect(attempt).rejects.toThrow(`in use by the server with pid ${alive.pid}, since 2026-11-20T08:00:00.000Z`);
    } finally {
      alive.kill('SIGKILL');
    }
  });
});
