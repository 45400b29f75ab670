/** Accounts as the API shows them: profile, admin user management, sign-ups per day. */
import { and, count, desc, eq, gte, ne, sql } from 'drizzle-orm';
import { ADMIN_ROLE, type UserStatus } from '@shop/domain/constants';
import { SHOP_TIME_ZONE, shopDay } from '@shop/domain/date';
import { normalisePhone } from '@shop/domain/phone';
import type { UpdateProfileBody, User, UsersDashboardResponse } from '@shop/domain/schemas/users';
import type { Tx } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { badRequest, conflict, notFound } from '../../lib/http-errors.js';
import type { Deps } from '../../plugins/deps.js';

/** The columns a user answer is built from (never the password hash). */
export const userColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  phone: users.phone,
  address: users.address,
  pin: users.pin,
  state: users.state,
  status: users.status,
  phVerified: users.phVerified,
  role: users.role,
  createdAt: users.createdAt,
};

export type UserRow = Pick<typeof users.$inferSelect, keyof typeof userColumns>;

export function toUserJson(row: UserRow): User {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    address: row.address,
    // Only once given, so accounts without delivery details answer exactly the spec's fields.
    ...(row.pin ? { pin: row.pin } : {}),
    ...(row.state ? { state: row.state } : {}),
    status: row.status === 'active' ? 'active' : 'inactive',
    ph_verified: row.phVerified,
    role: row.role,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Days shown on the users chart, today included. */
const DASHBOARD_DAYS = 30;
const USER_NOT_FOUND = 'User not found';
export const USER_GUARD_MESSAGES = {
  selfDeactivate: 'You cannot deactivate your own account',
  selfDelete: 'You cannot delete your own account',
  lastAdmin: 'This is the last active admin: the shop would have no admin left. Make another admin active first',
} as const;

/** Ids as PostgreSQL compares them: without letter case (the schemas already send them in lower case). */
function sameId(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

export type UsersDeps = Pick<Deps, 'db' | 'now'>;

export function createUsersService(deps: UsersDeps) {
  const { db, now } = deps;
  async function byId(id: string): Promise<User> {
    const [row] = await db.select(userColumns).from(users).where(eq(users.id, id)).limit(1);
    if (!row) throw notFound(USER_NOT_FOUND);
    return toUserJson(row);
  }

  return {
    byId,

    async byEmail(email: string): Promise<User> {
      const [row] = await db.select(userColumns).from(users).where(eq(users.email, email.trim().toLowerCase())).limit(1);
      if (!row) throw notFound(USER_NOT_FOUND);
      return toUserJson(row);
    },

    /** Name, phone and address only: the email is the login and never changes here. */
    async updateProfile(id: string, body: UpdateProfileBody): Promise<User> {
      const name = body.name.trim();
      if (!name) throw badRequest('name must not be blank');
      const [row] = await db
        .update(users)
        .set({
          name,
          // One stored form for a number however it was written ("098220 12345" -> "+91 98220 12345").
          phone: normalisePhone(body.phone) ?? body.phone.trim(),
          address: body.address.trim(),
          // The cart's "Deliver to" block saves these too; the profile form may leave them out.
          ...(body.pin !== undefined ? { pin: body.pin } : {}),
          ...(body.state !== undefined ? { state: body.state } : {}),
          updatedAt: now(),
        })
        .where(eq(users.id, id))
        .returning(userColumns);
      if (!row) throw notFound(USER_NOT_FOUND);
      return toUserJson(row);
    },

    async list(): Promise<User[]> {
      const rows = await db.select(userColumns).from(users).orderBy(desc(users.createdAt), desc(users.id));
      return rows.map(toUserJson);
    },

    async setStatus(adminId: string, id: string, status: UserStatus): Promise<void> {
      if (sameId(id, adminId) && status !== 'active') throw conflict(USER_GUARD_MESSAGES.selfDeactivate);
      await db.transaction(async (tx) => {
        if (status !== 'active') await refuseLastActiveAdmin(tx, id);
        const [row] = await tx
          .update(users)
          .set({
            status,
            // Deactivating ends every session of the user at once.
            ...(status === 'inactive' ? { tokenVersion: sql`${users.tokenVersion} + 1` } : {}),
            updatedAt: now(),
          })
          .where(eq(users.id, id))
          .returning({ id: users.id });
        if (!row) throw notFound(USER_NOT_FOUND);
      });
    },

    /** Orders keep their name/email snapshot; their user_id becomes null (ON DELETE SET NULL). */
    async remove(adminId: string, id: string): Promise<void> {
      if (sameId(id, adminId)) throw conflict(USER_GUARD_MESSAGES.selfDelete);
      await db.transaction(async (tx) => {
        await refuseLastActiveAdmin(tx, id);
        const [row] = await tx.delete(users).where(eq(users.id, id)).returning({ id: users.id });
        if (!row) throw notFound(USER_NOT_FOUND);
      });
    },

    /** Customers in total, and customers joined per day over the last 30 days (oldest first, zero days included). */
    async dashboard(): Promise<UsersDashboardResponse> {
      const customers = ne(users.role, ADMIN_ROLE);
      const [total] = await db.select({ n: count() }).from(users).where(customers);
      const today = shopDay(now());
      const firstDay = addDays(today, -(DASHBOARD_DAYS - 1));
      // A little before the first day in UTC terms; the exact cut is made on the shop-local day below.
      const since = new Date(Date.parse(`${firstDay}T00:00:00Z`) - 24 * 3600 * 1000);
      // The zone is a constant written into the SQL: as a bind parameter, SELECT and GROUP BY would not match.
      const localDay = sql<string>`to_char((${users.createdAt} at time zone ${sql.raw(`'${SHOP_TIME_ZONE}'`)})::date, 'YYYY-MM-DD')`;
      const rows = await db
        .select({ day: localDay, n: count() })
        .from(users)
        .where(and(customers, gte(users.createdAt, since)))
        .groupBy(localDay);
      const perDay = new Map(rows.map((r) => [r.day, Number(r.n)]));
      const days: UsersDashboardResponse['users'] = [];
      for (let i = 0; i < DASHBOARD_DAYS; i++) {
        const day = addDays(firstDay, i);
        days.push({ day, number_of_users: perDay.get(day) ?? 0 });
      }
      return { users_count: Number(total?.n ?? 0), users: days };
    },
  };
}

/**
 * 409 when `id` is the only active admin, so no change leaves the shop without one. The active admins are locked
 * (in id order) before they are counted: two admins deactivating or deleting each other at the same moment are
 * counted one after the other, and the second sees the first one's change.
 */
async function refuseLastActiveAdmin(tx: Tx, id: string): Promise<void> {
  const admins = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, ADMIN_ROLE), eq(users.status, 'active')))
    .orderBy(users.id)
    .for('update');
  if (admins.length === 1 && sameId(admins[0]!.id, id)) throw conflict(USER_GUARD_MESSAGES.lastAdmin);
}

function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * 24 * 3600 * 1000).toISOString().slice(0, 10);
}
