/**
 * Failed-login protection that slows an attacker without handing them a way to lock the owner out.
 *
 * Every login takes its slots (per address, per account and address, per account) before the password is checked,
 * each with one atomic increment, so N concurrent guesses never check more than the limits allow. A slot stays
 * taken when the password was wrong and is handed back otherwise. Past the account's limit, an address that has
 * already failed for the account is refused, while an address that has not gets one try at a time with a pause
 * that doubles after each (the owner, on a new network, still gets in). An address that logged in to the account
 * before, or completed a password reset for it, is not held back by the account's limit at all.
 */
import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Counters } from '../../lib/counters.js';
import { HttpError, serviceUnavailable, tooManyRequests } from '../../lib/http-errors.js';
import { LOGIN_FAILURES } from '../../lib/limits.js';
import { LIMITS_RETRY_AFTER_SECONDS, LIMITS_UNAVAILABLE_MESSAGE } from '../../plugins/rate-limit.js';

export const GUARD_MESSAGES = {
  tooManyFromIp: 'Too many failed logins, please try again in a minute',
  tooManyForAccount: 'Too many failed logins for this account, please try again in 15 minutes',
  pausedForAccount: (seconds: number) =>
    `Too many failed logins for this account, please try again in ${seconds} second${seconds === 1 ? '' : 's'}`,
} as const;

const tooManyFromIp = () => tooManyRequests(GUARD_MESSAGES.tooManyFromIp, LOGIN_FAILURES.ip.windowMs / 1000);
export const tooManyForAccount = () =>
  tooManyRequests(GUARD_MESSAGES.tooManyForAccount, LOGIN_FAILURES.account.windowMs / 1000);

export type AttemptOutcome =
  /** The password (or admin key) was wrong: the slots stay taken. */
  | 'failure'
  /** Signed in: the slots are handed back and the address is remembered for the account. */
  | 'success'
  /** Nothing was learnt about the password (it was right but the account is inactive, or the check could not run). */
  | 'void';

export interface LoginAttempt {
  /** True when this try is past the account's limit (a fresh address's single try): a wrong password then answers 429. */
  overLimit: boolean;
  finish(outcome: AttemptOutcome): Promise<void>;
}

/** The account part of a key: a hash, so Redis holds counts, not a list of customers' emails. */
const accountId = (email: string) => createHash('sha256').update(email).digest('base64url').slice(0, 22);

export function createLoginGuard(counters: Counters, log: FastifyBaseLogger) {
  const { ip: ipRule, account: accountRule, pair: pairRule, freshAddressPause, knownAddressMs } = LOGIN_FAILURES;
  const keys = (email: string, address: string) => {
    const account = accountId(email);
    return {
      ip: `fail:ip:${address}`,
      pair: `fail:pair:${account}:${address}`,
      account: `fail:account:${account}`,
      known: `known:${account}:${address}`,
      pauseUntil: `pause:${account}`,
      pauses: `pauses:${account}`,
    };
  };

  /** Counter errors (Redis unreachable) refuse the login rather than let it through unguarded. */
  async function guarded<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      if (err instanceof HttpError) throw err;
      log.error({ err }, 'login guard counters failed');
      throw serviceUnavailable(LIMITS_UNAVAILABLE_MESSAGE, LIMITS_RETRY_AFTER_SECONDS);
    }
  }

  return {
    /** Takes this login's slots, or throws 429 (with Retry-After) when the policy refuses it. `address` is the client's. */
    begin(rawEmail: string, address: string): Promise<LoginAttempt> {
      const email = rawEmail.trim().toLowerCase();
      const k = keys(email, address);
      const taken: string[] = [];
      const giveBack = () => Promise.all(taken.map((key) => counters.decr(key)));
      const take = async (key: string, windowMs: number) => {
        taken.push(key);
        return counters.incr(key, windowMs);
      };
      const refuse = async (err: HttpError): Promise<never> => {
        await giveBack();
        throw err;
      };

      return guarded(async () => {
        if ((await take(k.ip, ipRule.windowMs)) > ipRule.max) return refuse(tooManyFromIp());
        const known = await counters.has(k.known);
        const pair = await take(k.pair, pairRule.windowMs);
        if (pair > pairRule.max) return refuse(tooManyForAccount());
        const account = await take(k.account, accountRule.windowMs);

        let overLimit = false;
        let pauseMs: number | undefined;
        if (!known && account > accountRule.max) {
          // This address already has a failed (or running) try for the account: it waits out the window.
          if (pair > 1) return refuse(tooManyForAccount());
          // A fresh address: one try for the whole account at a time, each pause twice the one before.
          const pauses = await counters.get(k.pauses);
          pauseMs = Math.min(freshAddressPause.firstMs * 2 ** pauses, freshAddressPause.maxMs);
          const leftMs = await counters.claim(k.pauseUntil, pauseMs);
          if (leftMs > 0) {
            const seconds = Math.ceil(leftMs / 1000);
            return refuse(tooManyRequests(GUARD_MESSAGES.pausedForAccount(seconds), seconds));
          }
          await counters.incr(k.pauses, accountRule.windowMs);
          overLimit = true;
        }

        let finished = false;
        return {
          overLimit,
          async finish(outcome) {
            if (finished) return;
            finished = true;
            try {
              // The pause runs from the end of the try, however long its hash took.
              if (pauseMs !== undefined) await counters.mark(k.pauseUntil, pauseMs);
              if (outcome === 'failure') return;
              await giveBack();
              if (outcome === 'success') await counters.mark(k.known, knownAddressMs);
            } catch (err) {
              log.error({ err }, 'login guard could not hand back its slots');
            }
          },
        };
      });
    },

    /**
     * A completed password reset: the account's failures are forgotten and the address that reset it counts as
     * one that logged in, so the owner is never kept out of an account they just proved is theirs.
     */
    passwordReset(rawEmail: string, address: string): Promise<void> {
      const email = rawEmail.trim().toLowerCase();
      const k = keys(email, address);
      return guarded(async () => {
        await counters.del([k.account, k.pair, k.pauseUntil, k.pauses]);
        await counters.mark(k.known, knownAddressMs);
      });
    },
  };
}
