/** The admin account from ADMIN_EMAIL / ADMIN_PASSWORD, created when missing. */
import { eq, sql } from 'drizzle-orm';
import { ADMIN_ROLE } from '@shop/domain/constants';
import type { Db } from '../db/client.js';
import { users } from '../db/schema.js';
import { hashPassword } from '../lib/passwords.js';

export interface AdminAccount {
  email: string;
  password: string;
  name?: string;
}

/**
 * Creates the admin (verified, active) if no account has that email, or makes an existing one an admin
 * with the given password. Answers whether an account was created.
 */
export async function ensureAdmin(db: Db, admin: AdminAccount, opts: { resetPassword?: boolean } = {}): Promise<boolean> {
  const email = admin.email.trim().toLowerCase();
  const [existing] = await db.select({ id: users.id, role: users.role }).from(users).where(eq(users.email, email)).limit(1);
  if (!existing) {
    await db.insert(users).values({
      name: admin.name ?? 'Farm Admin',
      email,
      passwordHash: await hashPassword(admin.password),
      role: ADMIN_ROLE,
      status: 'active',
      emailVerified: true,
    });
    return true;
  }
  if (existing.role !== ADMIN_ROLE || opts.resetPassword) {
    await db
      .update(users)
      .set({
        role: ADMIN_ROLE,
        status: 'active',
        emailVerified: true,
        ...(opts.resetPassword ? { passwordHash: await hashPassword(admin.password) } : {}),
        // A new password or role ends the account's older sessions (see users.tokenVersion).
        tokenVersion: sql`${users.tokenVersion} + 1`,
        updatedAt: new Date(),
      })
      .where(eq(users.id, existing.id));
  }
  return false;
}
