/**
 * Every abuse limit of the shop, in one place. Request limits are counted by @fastify/rate-limit (plugins/rate-limit.ts);
 * login failures by the login guard (modules/auth/login-guard.ts); password hashing by the queue in lib/passwords.ts.
 * Each limit takes its slot before the expensive work it guards (argon2, mail), so concurrent requests never get past it.
 */
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export interface RequestLimit {
  max: number;
  windowMs: number;
  /** The 429 message; the default one says "please try again in a minute". */
  message?: string;
}

const PER_EMAIL_MESSAGE = 'Too many requests for this email, please try again later';

/**
 * The account mails one mailbox gets (verification, password reset, "someone tried to register"), counted together
 * for every request that would send one, new address or known. The mailbox is the address with its case, its
 * plus-tag and (at Gmail) its dots folded: `Asha+1@…`, `asha+2@…` and `a.sha@gmail.com` are one inbox.
 */
export const ACCOUNT_MAILS_PER_MAILBOX: RequestLimit = { max: 5, windowMs: HOUR, message: PER_EMAIL_MESSAGE };

/**
 * Requests per client address (`ip`) and, where the body names one, per email address (`email`) or per mailbox
 * (`mailbox`: the shared ACCOUNT_MAILS_PER_MAILBOX count).
 */
export const REQUEST_LIMITS = {
  login: { ip: { max: 60, windowMs: MINUTE } },
  register: { ip: { max: 10, windowMs: HOUR }, mailbox: true },
  verifyEmail: { ip: { max: 30, windowMs: 10 * MINUTE } },
  forgetPassword: { ip: { max: 10, windowMs: HOUR }, mailbox: true },
  changePassword: { ip: { max: 10, windowMs: 15 * MINUTE } },
  sendmail: { ip: { max: 5, windowMs: 10 * MINUTE }, email: { max: 5, windowMs: 10 * MINUTE } },
  /** Cheap (answered from memory) but public: enough for a shopper trying PINs and sizes, not for a scraper. */
  deliveryQuote: { ip: { max: 300, windowMs: MINUTE } },
  /** "Notify me when it is back": a shopper asks about a few sizes; the per-email count bounds signing others up. */
  notify: { ip: { max: 20, windowMs: 10 * MINUTE }, email: { max: 10, windowMs: HOUR } },
  /** Writing or editing reviews: plenty for a customer, not for a flood. */
  review: { ip: { max: 30, windowMs: 10 * MINUTE } },
  /** A customer's "Request cancellation" mails the shop; the service sends one an hour per order anyway. */
  cancellationRequest: { ip: { max: 20, windowMs: HOUR } },
  /** Problem reports carry up to three photos each, resized on arrival. */
  problemReport: { ip: { max: 20, windowMs: HOUR } },
} as const satisfies Record<string, { ip: RequestLimit; email?: RequestLimit; mailbox?: true }>;

export type RequestLimitName = keyof typeof REQUEST_LIMITS;

/**
 * Failed logins (see the README's security section for the policy in words).
 * - `ip`: failures from one address, whatever the account: a burst from one place waits a minute.
 * - `account`: failures for one account from addresses that never logged in to it; past it, an address that already
 *   failed for the account is refused and a fresh address gets one try at a time, with a pause that doubles each time.
 * - `pair`: failures for one account from one address, which also bounds an address that logged in before.
 * - `knownAddressMs`: how long an address that logged in to an account (or reset its password) is remembered.
 */
export const LOGIN_FAILURES = {
  ip: { max: 10, windowMs: MINUTE },
  account: { max: 10, windowMs: 15 * MINUTE },
  pair: { max: 10, windowMs: 15 * MINUTE },
  freshAddressPause: { firstMs: 2 * SECOND, maxMs: 5 * MINUTE },
  knownAddressMs: 90 * DAY,
} as const;

/**
 * Coupon codes tried and refused (unknown, expired, used up...), like failed logins: per client address and per account,
 * over 15 minutes. Each try takes its slots before the code is looked up; a code that applies hands them back.
 */
export const COUPON_GUESSES = {
  ip: { max: 10, windowMs: 15 * MINUTE },
  account: { max: 10, windowMs: 15 * MINUTE },
} as const;

/** argon2 runs one hash per spare core at a time; a few more wait, the rest are told to come back. */
export const PASSWORD_QUEUE = {
  waitingPerWorker: 16,
} as const;
