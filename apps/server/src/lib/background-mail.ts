/** Mails sent after a change is committed, without holding the caller's answer. */
import type { FastifyBaseLogger } from 'fastify';
import type { Mail, Mailer } from './mailer.js';

/** Mails in flight; the app waits for them when it closes. */
const pending = new Set<Promise<void>>();

/**
 * Sends each mail in the background; a failed mail is logged and never undoes or fails the change that caused it.
 * A mail may be given as a function that builds it (say, with a PDF attached), run in the background too.
 */
export function sendInBackground(mailer: Mailer, log: FastifyBaseLogger, mails: Array<Mail | (() => Promise<Mail>)>): void {
  for (const item of mails) {
    let subject = typeof item === 'function' ? '(built in the background)' : item.subject;
    const p = (typeof item === 'function' ? item() : Promise.resolve(item))
      .then((mail) => {
        subject = mail.subject;
        return mailer.send(mail);
      })
      .catch((err: unknown) => log.error({ err, subject }, 'mail failed'))
      .finally(() => pending.delete(p));
    pending.add(p);
  }
}

/** Waits for the mails still in flight (on close, and in tests before reading the outbox). */
export async function flushBackgroundMails(): Promise<void> {
  await Promise.allSettled([...pending]);
}
