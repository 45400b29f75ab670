/** The admin account from ADMIN_EMAIL / ADMIN_PASSWORD, created when missing. */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { ADMIN_ROLE } from '@shop/domain/constants';
import type { Db } from '../db/client.js';
import { authTokens, users } from '../db/schema.js';
import { hashPassword } from '../lib/passwords.js';

export interface AdminAccount {
  email: string;
  password: string;
  name?: string;
}

export interface EnsureAdminOptions {
  /** Also set the password on an account that is an admin already (admin:create --reset-password). */
  resetPassword?: boolean;
  /**
   * An existing customer account made an admin keeps its password and details (the password is set only with
   * `resetPassword`). Only for admin:create, whose operator names the account and is told what was kept; the
   * start-up never keeps them (see ensureAdmin).
   */
  keepCustomerAccount?: boolean;
  /** Where the start-up says that it took over a customer account (default: stderr). */
  notice?: (message: string) => void;
}

const ADMIN_DEFAULT_NAME = 'Farm Admin';

/**
 * Creates the admin (verified, active) if no account has that email, or makes an existing one an admin.
 * Answers whether an account was created.
 *
 * An existing customer account with the admin's email was not made by the start-up: anyone can register any
 * address before the owner deploys. So it becomes the configured admin outright: the configured password and name,
 * no contact details, unused links void and every session ended. Whoever registered it keeps nothing; the owner
 * proves the mailbox by holding ADMIN_PASSWORD. (admin:create may keep them, see `keepCustomerAccount`.)
 */
export async function ensureAdmin(db: Db, admin: AdminAccount, opts: EnsureAdminOptions = {}): Promise<boolean> {
  const email = admin.email.trim().toLowerCase();
  const [existing] = await db.select({ id: users.id, role: users.role }).from(users).where(eq(users.email, email)).limit(1);
  if (!existing) {
    await db.insert(users).values({
      name: admin.name ?? ADMIN_DEFAULT_NAME,
      email,
      passwordHash: await hashPassword(admin.password),
      role: ADMIN_ROLE,
      status: 'active',
      emailVerified: true,
    });
    return true;
  }
  const takeOver = existing.role !== ADMIN_ROLE && !opts.keepCustomerAccount;
  if (existing.role !== ADMIN_ROLE || opts.resetPassword) {
    const at = new Date();
    const setPassword = takeOver || opts.resetPassword;
    await db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({
          role: ADMIN_ROLE,
          status: 'active',
          emailVerified: true,
          ...(setPassword ? { passwordHash: await hashPassword(admin.password) } : {}),
          ...(takeOver ? { name: admin.name ?? ADMIN_DEFAULT_NAME, phone: '', address: '', pin: '', state: '' } : {}),
          // A new password or role ends the account's older sessions (see users.tokenVersion).
          tokenVersion: sql`${users.tokenVersion} + 1`,
          updatedAt: at,
        })
        .where(eq(users.id, existing.id));
      if (takeOver) {
        // Links mailed before (a reset asked for by whoever registered the account) must not reopen it.
        await tx.update(authTokens).set({ usedAt: at }).where(and(eq(authTokens.userId, existing.id), isNull(authTokens.usedAt)));
      }
    });
    if (takeOver) {
      (opts.notice ?? ((message: string) => console.warn(message)))(
        `ADMIN_EMAIL ${email} belonged to an account registered through the shop. It is now the admin, with ADMIN_PASSWORD; ` +
          'its earlier password, details and sessions are gone.',
      );
    }
  }
  return false;
}
