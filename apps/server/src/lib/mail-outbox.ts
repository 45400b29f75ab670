/**
 * The mail outbox. A change that mails someone (a payment, a shipping update) writes its mails as rows of
 * `mail_outbox` in its own transaction, and this sender turns them into mails after the commit: a crash between the
 * commit and the send loses nothing, and the caller's answer never waits for a PDF or an SMTP server.
 *
 * Each row is sent once: an instance claims due rows with FOR UPDATE SKIP LOCKED and moves them LEASE_MS ahead while
 * it sends, so two instances never send the same row. A row whose instance died mid-send is due again after the
 * lease. Each row is marked sent as soon as its mail is out, so after a crash only a mail that was out but not yet
 * marked (a moment's window) can go out twice: better than never. A failed send is tried
 * again with a growing delay, up to MAX_ATTEMPTS times, then kept as failed.
 *
 * Mails are background work: while requests come in fast (over BUSY_REQUESTS_PER_SECOND since the last look), the
 * sender waits, but sends a batch at least every BUSY_BATCH_EVERY_MS, so a burst of checkouts is answered first and
 * its mails follow within seconds. (The request rate, not the event loop's load: a confirmation's PDF keeps the loop
 * as busy as a request does, and in the short looks between batches the loop's load swings with every round trip.)
 */
import { performance } from 'node:perf_hooks';
import { and, asc, eq, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../db/client.js';
import { mailOutbox } from '../db/schema.js';
import type { Mail, Mailer } from './mailer.js';

/** Turns a row's data into the mail to send; null when there is nothing to send after all. */
export type MailRenderer = (data: unknown) => Promise<Mail | null>;

/** A mail to write: `kind` names the renderer (see `register`); 'mail' is a mail written out in full. */
export type OutboxMail = { kind: 'mail'; data: Mail } | { kind: string; data: unknown };

export interface MailOutboxDeps {
  db: Db;
  mailer: Mailer;
  log: FastifyBaseLogger;
  now: () => Date;
  /** How many requests the app has received so far; without it the sender never waits. */
  requestsReceived?: () => number;
}

export const MAX_ATTEMPTS = 8;
/** How long a claimed row is left to the instance sending it before another may take it. */
export const LEASE_MS = 2 * 60_000;
/** Rows written by other instances, or due again after a failure, are looked for this often. */
const POLL_MS = 5_000;
export const BATCH = 20;
/** Mails of a batch sent at the same time. */
const SENDS_AT_ONCE = 4;
/** Requests per second since the last look above which the process counts as busy (a farm shop's usual day is far below). */
const BUSY_REQUESTS_PER_SECOND = 20;
/** The shortest span a look at the request rate covers. */
const LOOK_MS = 100;
const BUSY_RETRY_MS = 250;
/** Between two full batches: a moment for the requests that came in behind the last one. */
const PAUSE_MS = 20;
/** Sent mails are kept this long for the record. */
export const KEEP_SENT_MS = 30 * 24 * 3_600_000;
export const PRUNE_EVERY_MS = 3_600_000;
export const BUSY_BATCH_EVERY_MS = 2_000;

/** 1, 2, 4 ... minutes after each failure, at most an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

/** Writes mails in the caller's transaction; the caller wakes the outbox (`app.mailOutbox.wake()`) after the commit. */
export async function writeMails(tx: Db | Tx, at: Date, mails: OutboxMail[]): Promise<void> {
  if (mails.length === 0) return;
  await tx.insert(mailOutbox).values(mails.map(({ kind, data }) => ({ kind, data, createdAt: at, dueAt: at })));
}

export type MailOutbox = ReturnType<typeof createMailOutbox>;

export function createMailOutbox({ db, mailer, log, now, requestsReceived = () => 0 }: MailOutboxDeps) {
  const renderers = new Map<string, MailRenderer>([['mail', async (data) => data as Mail]]);
  let timer: NodeJS.Timeout | undefined;
  let timerDueAt = 0;
  let running: Promise<void> | undefined;
  let stopped = false;
  let lastBatchAt = 0;
  let lastPruneAt = 0;
  let lastLook = { at: performance.now(), requests: requestsReceived() };
  let busyAtLastLook = false;

  /**
   * Whether requests came in fast since the last look. A look spans at least LOOK_MS (a paid checkout wakes the sender
   * every few milliseconds in a rush, and a moment that short often holds no request); until then the last answer stands.
   */
  function busy(): boolean {
    const at = performance.now();
    if (at - lastLook.at < LOOK_MS) return busyAtLastLook;
    const requests = requestsReceived();
    busyAtLastLook = ((requests - lastLook.requests) * 1000) / (at - lastLook.at) > BUSY_REQUESTS_PER_SECOND;
    lastLook = { at, requests };
    return busyAtLastLook;
  }

  /** Claims up to BATCH due rows for this instance. */
  async function claim() {
    const at = now();
    const due = db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(isNull(mailOutbox.sentAt), isNull(mailOutbox.failedAt), lte(mailOutbox.dueAt, at)))
      .orderBy(asc(mailOutbox.id))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    return db
      .update(mailOutbox)
      .set({ dueAt: new Date(at.getTime() + LEASE_MS), attempts: sql`${mailOutbox.attempts} + 1` })
      .where(inArray(mailOutbox.id, due))
      .returning({ id: mailOutbox.id, kind: mailOutbox.kind, data: mailOutbox.data, attempts: mailOutbox.attempts });
  }

  /** Sends one claimed batch; answers how many rows it held. */
  async function sendBatch(): Promise<number> {
    const rows = await claim();
    // A look that found nothing is not a batch: the first mails of a rush go at once.
    if (rows.length > 0) lastBatchAt = Date.now();
    const sendOne = async (row: (typeof rows)[number]) => {
      try {
        const render = renderers.get(row.kind);
        if (!render) throw new Error(`no renderer for mail kind ${row.kind}`);
        const mail = await render(row.data);
        if (mail) await mailer.send(mail);
      } catch (err) {
        const giveUp = row.attempts >= MAX_ATTEMPTS;
        log.error({ err, mailId: row.id, kind: row.kind, attempts: row.attempts }, giveUp ? 'mail failed for the last time' : 'mail failed, will retry');
        const at = now();
        await db
          .update(mailOutbox)
          .set({
            dueAt: new Date(at.getTime() + retryDelayMs(row.attempts)),
            lastError: String((err as Error)?.message ?? err).slice(0, 500),
            failedAt: giveUp ? at : null,
          })
          .where(eq(mailOutbox.id, row.id));
        return;
      }
      // Marked as soon as it is out, not at the batch's end: a crash mid-batch re-sends none of the mails already sent.
      await db.update(mailOutbox).set({ sentAt: now() }).where(eq(mailOutbox.id, row.id));
    };
    // A few at a time: an SMTP server answers each mail in a few hundred ms, and one by one a busy day's mails would queue.
    const queue = [...rows];
    await Promise.all(
      Array.from({ length: SENDS_AT_ONCE }, async () => {
        for (let row = queue.shift(); row; row = queue.shift()) await sendOne(row);
      }),
    );
    return rows.length;
  }

  /** Sent mails are kept KEEP_SENT_MS for the record, then deleted (at most once an hour per instance); failed ones stay. */
  async function prune(): Promise<void> {
    const at = now().getTime();
    if (at - lastPruneAt < PRUNE_EVERY_MS) return;
    lastPruneAt = at;
    await db.delete(mailOutbox).where(lt(mailOutbox.sentAt, new Date(at - KEEP_SENT_MS)));
  }

  /** Sends batches until none is due; while the process is busy, one batch per BUSY_BATCH_EVERY_MS. */
  async function drain(force: boolean): Promise<void> {
    while (!stopped || force) {
      if (!force && busy() && Date.now() - lastBatchAt < BUSY_BATCH_EVERY_MS) {
        schedule(BUSY_RETRY_MS);
        return;
      }
      if ((await sendBatch()) < BATCH) return prune();
      if (!force) {
        schedule(PAUSE_MS);
        return;
      }
    }
  }

  function run(force = false): Promise<void> {
    // One drain at a time per instance; a forced one waits for the running one and then goes through.
    const previous = running ?? Promise.resolve();
    const next = previous
      .then(() => drain(force))
      .catch((err: unknown) => log.error({ err }, 'mail outbox could not be read'))
      .finally(() => {
        if (running === next) running = undefined;
      });
    running = next;
    return next;
  }

  /** Runs a drain after `delayMs`, unless one is already due sooner; after it, the next poll. */
  function schedule(delayMs: number): void {
    if (stopped) return;
    const dueAt = Date.now() + delayMs;
    if (timer && dueAt >= timerDueAt) return;
    clearTimeout(timer);
    timerDueAt = dueAt;
    timer = setTimeout(() => {
      timer = undefined;
      void run().finally(() => schedule(POLL_MS));
    }, delayMs);
    timer.unref();
  }

  return {
    /** How rows of `kind` become mails; each module registers its own kinds. */
    register(kind: string, render: MailRenderer): void {
      renderers.set(kind, render);
    },

    /** Mails were just committed: send them soon. */
    wake(): void {
      schedule(0);
    },

    /** Sends every due mail now, busy or not (tests read the mails right after a call). */
    flush(): Promise<void> {
      return run(true);
    },

    start(): void {
      stopped = false;
      schedule(0);
    },

    /** Stops looking for mail and waits for the batch in hand; unsent rows wait for the next start. */
    async stop(): Promise<void> {
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
      await running;
    },
  };
}
