/**
 * One process per PGlite data folder. PGlite keeps the database in memory and writes it to its folder as it goes, so
 * two processes on one folder each see their own shop and overwrite each other's writes; nothing in PGlite stops that.
 * The server and `admin:create` take this lock before opening the folder.
 *
 * The lock is proper-lockfile's (an atomic mkdir of `<folder>.lock`, its mtime refreshed while the holder lives,
 * removed on exit). Beside it, `<folder>.lock-owner.json` says who holds it, for the message a second process prints.
 * A lock left by a crash is taken over at once when its holder's process is gone (same host, pid no longer running,
 * or our own pid after a container restart), and otherwise once it has not been refreshed for STALE_MS (a holder in
 * another container or on another host, whose pid cannot be checked from here).
 */
import { hostname } from 'node:os';
import { mkdirSync, readFileSync, rmdirSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import lockfile from 'proper-lockfile';

/** A live holder refreshes the lock every STALE_MS / 2; PGlite can hold the event loop for seconds, so a wide margin. */
const STALE_MS = 60_000;

export interface LockOwner {
  pid: number;
  host: string;
  /** What took it: 'server' or 'admin:create'. */
  by: string;
  /** ISO time it was taken. */
  since: string;
}

export class DataFolderInUseError extends Error {
  constructor(
    readonly folder: string,
    readonly owner: LockOwner | undefined,
  ) {
    const who = owner
      ? `the ${owner.by} with pid ${owner.pid}${owner.host === hostname() ? '' : ` on host ${owner.host}`}, since ${owner.since}`
      : 'another process (it left no details)';
    super(
      `the data folder ${folder} is in use by ${who}. ` +
        'Only one process may use a PGlite data folder at a time: stop that one first, or give this one its own DATA_DIR.',
    );
  }
}

const paths = (folder: string) => ({ lock: `${folder}.lock`, owner: `${folder}.lock-owner.json` });

function readOwner(file: string): LockOwner | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as LockOwner;
  } catch {
    return undefined;
  }
}

function processIsGone(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return false;
  } catch (err) {
    // EPERM: it runs, under another user.
    return (err as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/** Folders this process holds: its own pid on a lock is then no sign of a restart. */
const held = new Set<string>();

/** Whether a held lock was left by a process that is gone: checkable only on this host. */
function leftByTheDead(folder: string, owner: LockOwner | undefined): boolean {
  if (!owner || owner.host !== hostname()) return false;
  if (owner.pid === process.pid) return !held.has(folder);
  return processIsGone(owner.pid);
}

/**
 * Takes the lock of a PGlite data folder, or throws DataFolderInUseError naming its holder. Answers the release.
 * `onLost` runs if the lock is taken from under us (our refresh failed for STALE_MS): the caller must stop writing.
 */
export async function lockDataFolder(folder: string, by: string, onLost: (err: Error) => void): Promise<() => Promise<void>> {
  const { lock, owner: ownerFile } = paths(folder);
  mkdirSync(dirname(folder), { recursive: true });
  const take = () =>
    lockfile.lock(folder, { realpath: false, lockfilePath: lock, stale: STALE_MS, retries: 0, onCompromised: onLost });
  let release: () => Promise<void>;
  try {
    release = await take();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ELOCKED') throw err;
    const owner = readOwner(ownerFile);
    if (!leftByTheDead(folder, owner)) throw new DataFolderInUseError(folder, owner);
    // Read again just before: another process taking over the same dead lock would have written itself in by now.
    const now = readOwner(ownerFile);
    if (now?.pid !== owner!.pid || now.since !== owner!.since) throw new DataFolderInUseError(folder, now);
    rmdirSync(lock);
    try {
      release = await take();
    } catch (again) {
      if ((again as NodeJS.ErrnoException).code !== 'ELOCKED') throw again;
      throw new DataFolderInUseError(folder, readOwner(ownerFile));
    }
  }
  const owner: LockOwner = { pid: process.pid, host: hostname(), by, since: new Date().toISOString() };
  writeFileSync(ownerFile, JSON.stringify(owner));
  held.add(folder);
  return async () => {
    held.delete(folder);
    try {
      unlinkSync(ownerFile);
    } catch {
      // Already gone: nothing to say.
    }
    await release();
  };
}
