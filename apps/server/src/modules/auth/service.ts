/** Login, registration, email verification and password reset. */
import { createHash, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { ADMIN_ROLE, CUSTOMER_ROLE } from '@shop/domain/constants';
import type { LoginBody, LoginResponse, RegisterBody } from '@shop/domain/schemas/auth';
import type { Deps } from '../../plugins/deps.js';
import { authTokens, users } from '../../db/schema.js';
import { badRequest, forbidden, isUniqueViolation, serviceUnavailable, unauthorized, type HttpError } from '../../lib/http-errors.js';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/passwords.js';
import { hashLinkToken, newLinkToken, signSessionToken } from '../../lib/tokens.js';
import { toUserJson, userColumns } from '../users/index.js';
import { registrationAttemptMail, resetMail, verificationMail } from './mails.js';
import { GUARD_MESSAGES, createLoginGuard, tooManyForAccount, type AttemptOutcome } from './login-guard.js';

const VERIFY_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
const RESET_TOKEN_TTL_MS = 30 * 60 * 1000;

export const MESSAGES = {
  badCredentials: 'Invalid email or password',
  badAdminKey: 'Invalid admin credentials',
  notAdmin: 'Only admins can log in here, please use the shop login',
  unverified: 'Please verify your email before logging in',
  inactive: 'Your account is inactive',
  tooManyFromIp: GUARD_MESSAGES.tooManyFromIp,
  tooManyForAccount: GUARD_MESSAGES.tooManyForAccount,
  registered: 'Verification link has been sent to your email, Please verify your email',
  resetSent: 'If an account exists for this email, a reset link has been sent',
  passwordChanged: 'Password changed successfully, please log in',
  badResetToken: 'This reset link is invalid or has expired',
} as const;

/** Compares secrets in constant time whatever their lengths (hashing first makes the lengths equal). */
function secretsEqual(a: string, b: string): boolean {
  const ha = createHash('sha256').update(a).digest();
  const hb = createHash('sha256').update(b).digest();
  return timingSafeEqual(ha, hb);
}

/** What opening a verification link did (the redirect to the login page carries it). */
export type VerifyOutcome = 'verified' | 'already-verified' | 'expired' | 'invalid';

const mailFailed = () => serviceUnavailable('We could not send the verification email, please try again later');

export type AuthDeps = Pick<Deps, 'db' | 'config' | 'mailer' | 'now' | 'log' | 'counters'>;

export function createAuthService(deps: AuthDeps) {
  const { db, config, mailer, now, log } = deps;
  const guard = createLoginGuard(deps.counters, log);

  /** Register's answer for an address that has an account: its owner hears of the attempt, the caller of nothing. */
  async function tellOwnerOfAttempt(email: string): Promise<void> {
    const links = { login: `${config.publicUrl}/login`, forgetPassword: `${config.publicUrl}/forget-password` };
    try {
      await mailer.send(registrationAttemptMail(config.brandName, email, links));
    } catch (err) {
      // The same answer as a new address whose mail failed.
      log.error({ err, to: email }, 'registration attempt mail failed');
      throw mailFailed();
    }
  }

  return {
    /** `address` is the client's address as the rate limits key it. */
    async login(body: LoginBody, address: string): Promise<LoginResponse> {
      const email = body.email.trim().toLowerCase();
      // The slots are taken before anything is looked up or hashed: the same refusal for known and unknown emails.
      const attempt = await guard.begin(email, address);
      let outcome: AttemptOutcome = 'void';
      // Past the account's limit a wrong guess gets the same 429 as a refused one: the address is now refused anyway.
      const wrong = (err: HttpError) => {
        outcome = 'failure';
        return attempt.overLimit ? tooManyForAccount() : err;
      };
      try {
        const [row] = await db
          .select({ ...userColumns, passwordHash: users.passwordHash, emailVerified: users.emailVerified, tokenVersion: users.tokenVersion })
          .from(users)
          .where(eq(users.email, email))
          .limit(1);
        // An unknown email costs the same argon2 verification (through the same queue) as a known one.
        const passwordOk = await verifyPassword(row?.passwordHash ?? (await dummyPasswordHash()), body.password);
        if (!row || !passwordOk) throw wrong(unauthorized(MESSAGES.badCredentials));
        if (body.secret_key !== undefined) {
          if (!secretsEqual(body.secret_key, config.admin.secretKey)) throw wrong(unauthorized(MESSAGES.badAdminKey));
          if (row.role !== ADMIN_ROLE) throw forbidden(MESSAGES.notAdmin);
        }
        if (row.status !== 'active') throw forbidden(MESSAGES.inactive);
        if (!row.emailVerified) throw forbidden(MESSAGES.unverified);
        // Only a login that proved the secret key gets a token the admin API accepts, tied to that key.
        const adminKey = body.secret_key !== undefined && row.role === ADMIN_ROLE ? config.admin.secretKey : undefined;
        const token = signSessionToken(config.jwtSecret, row.id, row.tokenVersion, adminKey);
        outcome = 'success';
        return { user: toUserJson(row), token };
      } finally {
        await attempt.finish(outcome);
      }
    },

    /**
     * An unverified customer and a mailed verification link; or, when the address has an account already, a mail
     * to its owner saying someone tried. The caller answers both the same way: register never tells whether an
     * address has an account (login and forget-password do not either). Both paths hash the password and wait for
     * their mail, so they also take about as long.
     */
    async register(body: RegisterBody): Promise<void> {
      const name = body.name.trim();
      if (name.length < 3) throw badRequest('name must have at least 3 characters');
      const email = body.email.trim().toLowerCase();
      const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
      // Hashed for a known address too (and thrown away), so it is not answered faster than a new one.
      const passwordHash = await hashPassword(body.password);
      if (existing) return tellOwnerOfAttempt(email);

      const { token, hash } = newLinkToken();
      let userId: string;
      try {
        userId = await db.transaction(async (tx) => {
          const [user] = await tx
            .insert(users)
            .values({ name, email, passwordHash, address: body.address?.trim() ?? '', role: CUSTOMER_ROLE, status: 'active', emailVerified: false })
            .returning({ id: users.id });
          await tx.insert(authTokens).values({
            userId: user!.id,
            purpose: 'verify',
            tokenHash: hash,
            expiresAt: new Date(now().getTime() + VERIFY_TOKEN_TTL_MS),
          });
          return user!.id;
        });
      } catch (err) {
        // The same address registered a moment ago by another request: an existing account after all.
        if (isUniqueViolation(err)) return tellOwnerOfAttempt(email);
        throw err;
      }

      const link = `${config.publicUrl}/api/auth/verify-email/${token}`;
      try {
        await mailer.send(verificationMail(config.brandName, email, name, link));
      } catch (err) {
        // Without the mail the account could never be verified: undo it so the person can simply try again.
        log.error({ err, to: email }, 'verification mail failed; registration undone');
        await db.delete(users).where(eq(users.id, userId));
        throw mailFailed();
      }
    },

    /**
     * Uses a verification token. Answers what became of it: `verified` now, or why not (the address was verified
     * already, the link expired, or it is no link of ours). Never throws.
     */
    async verifyEmail(token: string): Promise<VerifyOutcome> {
      const at = now();
      const tokenHash = hashLinkToken(token);
      try {
        const verified = await db.transaction(async (tx) => {
          const [used] = await tx
            .update(authTokens)
            .set({ usedAt: at })
            .where(
              and(
                eq(authTokens.tokenHash, tokenHash),
                eq(authTokens.purpose, 'verify'),
                isNull(authTokens.usedAt),
                gt(authTokens.expiresAt, at),
              ),
            )
            .returning({ userId: authTokens.userId });
          if (!used) return false;
          await tx.update(users).set({ emailVerified: true, updatedAt: at }).where(eq(users.id, used.userId));
          return true;
        });
        if (verified) return 'verified';
        // A used or expired link of ours: say whether the address needs anything more.
        const [known] = await db
          .select({ emailVerified: users.emailVerified })
          .from(authTokens)
          .innerJoin(users, eq(users.id, authTokens.userId))
          .where(and(eq(authTokens.tokenHash, tokenHash), eq(authTokens.purpose, 'verify')))
          .limit(1);
        if (!known) return 'invalid';
        return known.emailVerified ? 'already-verified' : 'expired';
      } catch (err) {
        log.error({ err }, 'email verification failed');
        return 'invalid';
      }
    },

    /**
     * Mails a reset link when the account exists. Known and unknown emails take the same path up to the
     * lookup and the rest runs after the answer, so neither the answer nor its timing tells them apart.
     */
    async forgetPassword(rawEmail: string): Promise<void> {
      const email = rawEmail.trim().toLowerCase();
      const { token, hash } = newLinkToken();
      const [row] = await db.select({ id: users.id, name: users.name, email: users.email }).from(users).where(eq(users.email, email)).limit(1);
      if (!row) return;
      const at = now();
      void (async () => {
        await db.transaction(async (tx) => {
          // A new link replaces any older one still unused.
          await tx
            .update(authTokens)
            .set({ usedAt: at })
            .where(and(eq(authTokens.userId, row.id), eq(authTokens.purpose, 'reset'), isNull(authTokens.usedAt)));
          await tx.insert(authTokens).values({
            userId: row.id,
            purpose: 'reset',
            tokenHash: hash,
            expiresAt: new Date(at.getTime() + RESET_TOKEN_TTL_MS),
          });
        });
        // Built from PUBLIC_URL only: a forged Host header can never redirect the link.
        const link = `${config.publicUrl}/change-password/${token}`;
        await mailer.send(resetMail(config.brandName, row.email, row.name, link));
      })().catch((err: unknown) => log.error({ err, to: row.email }, 'password reset mail failed'));
    },

    /**
     * Sets a new password with a reset token; ends every older session and marks the email verified. The account's
     * failed logins are forgotten and `address` (the client's) may log in to it whatever happened before.
     */
    async changePassword(token: string, password: string, address: string): Promise<void> {
      const at = now();
      const tokenHash = hashLinkToken(token);
      const valid = and(
        eq(authTokens.tokenHash, tokenHash),
        eq(authTokens.purpose, 'reset'),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, at),
      );
      // Check the token before the (slow) hash, so bad tokens cost little.
      const [found] = await db.select({ id: authTokens.id }).from(authTokens).where(valid).limit(1);
      if (!found) throw badRequest(MESSAGES.badResetToken);
      const passwordHash = await hashPassword(password);
      const email = await db.transaction(async (tx) => {
        const [used] = await tx.update(authTokens).set({ usedAt: at }).where(valid).returning({ userId: authTokens.userId });
        if (!used) throw badRequest(MESSAGES.badResetToken);
        const [user] = await tx
          .update(users)
          .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, emailVerified: true, updatedAt: at })
          .where(eq(users.id, used.userId))
          .returning({ email: users.email });
        await tx
          .update(authTokens)
          .set({ usedAt: at })
          .where(and(eq(authTokens.userId, used.userId), eq(authTokens.purpose, 'reset'), isNull(authTokens.usedAt)));
        return user!.email;
      });
      // The password is changed either way; an unreachable counter store only means the old failures stay counted.
      await guard.passwordReset(email, address).catch((err: unknown) => log.warn({ err }, 'could not clear failed logins after a reset'));
    },
  };
}
