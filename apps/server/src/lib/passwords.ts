/**
 * argon2id hashing and verification, through one bounded queue per process: at most one hash per spare core runs
 * at a time (each takes ~64 MB and a core for a fraction of a second), a few more wait their turn, and the rest are
 * refused at once, so a flood of logins cannot take every core and thread from the rest of the API.
 */
import { availableParallelism } from 'node:os';
import argon2 from 'argon2';
import fastq from 'fastq';
import { tooManyRequests } from './http-errors.js';
import { PASSWORD_QUEUE } from './limits.js';

export const PASSWORDS_BUSY_MESSAGE = 'Too many people are signing in right now, please try again in a few seconds';

/** One hash per spare core, and always one libuv thread left for files and DNS (argon2 runs on that pool). */
const threadPool = Number(process.env.UV_THREADPOOL_SIZE) || 4;
export const PASSWORD_WORKERS = Math.max(1, Math.min(availableParallelism() - 1, threadPool - 1));
export const PASSWORD_QUEUE_CAP = PASSWORD_WORKERS * PASSWORD_QUEUE.waitingPerWorker;

type Job = () => Promise<unknown>;
const queue = fastq.promise((job: Job) => job(), PASSWORD_WORKERS);

/** Runs `job` when a worker is free; refuses at once (429, Retry-After) when the queue is already full. */
function queued<T>(job: () => Promise<T>): Promise<T> {
  if (queue.length() >= PASSWORD_QUEUE_CAP) {
    return Promise.reject(tooManyRequests(PASSWORDS_BUSY_MESSAGE, 5));
  }
  return queue.push(job) as Promise<T>;
}

/** Hashes waiting for a worker and hashes running now (for tests and diagnostics). */
export function passwordQueueLoad(): { waiting: number; running: number } {
  return { waiting: queue.length(), running: queue.running() };
}

/** argon2id with the library's recommended cost; the parameters live in the hash itself. */
export function hashPassword(password: string): Promise<string> {
  return queued(() => argon2.hash(password, { type: argon2.argon2id }));
}

/** Answers whether `password` matches; a malformed hash is a mismatch. Throws a 429 HttpError (with Retry-After) when the queue is full. */
export function verifyPassword(hash: string, password: string): Promise<boolean> {
  return queued(() => argon2.verify(hash, password).catch(() => false));
}

/** A hash to verify against when the account does not exist, so both paths take the same time. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  // Made outside the queue (once per process), so a full queue can never leave it rejected for good.
  dummyHash ??= argon2.hash('not-a-real-password-but-just-as-slow', { type: argon2.argon2id });
  return dummyHash;
}
