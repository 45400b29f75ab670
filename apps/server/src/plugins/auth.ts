/**
 * Bearer-token authentication. Every request checks the user's current role, status and token version, so
 * deactivating, deleting or changing the password of a user ends their old tokens at once.
 *
 * On PostgreSQL each request reads them. On PGlite (one process's database) they are kept in memory after the
 * first read: every change to a user row sends a notice from a trigger (drizzle/0006_session_notify.sql), and PGlite
 * delivers it before the statement that made the change resolves, so the kept copy is dropped before anyone can be
 * told the change was made. Several instances on PostgreSQL would hear such a notice only some time after the commit,
 * so there the read stays.
 *
 * A checkout's three calls (modules/checkout) take `authenticateToken` instead: the token is checked here, and the
 * user's row is read by the call's own first statement with `sessionColumns` and judged by `sessionUserOf`, the same
 * rules in the same round trip as the call's work.
 */
import fp from 'fastify-plugin';
import { eq, sql } from 'drizzle-orm';
import type { PGlite } from '@electric-sql/pglite';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/client.js';
import { ADMIN_ROLE } from '@shop/domain/constants';
import { users } from '../db/schema.js';
import { adminKeyFingerprint, verifySessionToken } from '../lib/tokens.js';
import { forbidden, unauthorized } from '../lib/http-errors.js';

export interface AuthUser {
  id: string;
  name: string;
  email: string;
  phone: string;
  role: string;
}

/** What a valid token says: whose session it is and its version (set on the request by `authenticateToken`). */
export interface SessionClaims {
  userId: string;
  version: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, set by `authenticate` / `requireAdmin`. */
    user: AuthUser | null;
    /** A valid token's claims, set by `authenticateToken` (the route's first statement then checks the user). */
    sessionClaims: SessionClaims | null;
  }
  interface FastifyInstance {
    /** onRequest hook: 401 without a valid token, 403 for an inactive account. */
    authenticate(request: FastifyRequest, reply?: FastifyReply): Promise<void>;
    /**
     * onRequest hook for the checkout's hot routes: 401 without a valid token; the user's row is not read here but by
     * the route's own first statement, with `sessionColumns`, and checked there by `sessionUserOf` (the same rules as
     * `authenticate`, one round trip less on each call of a checkout).
     */
    authenticateToken(request: FastifyRequest, reply?: FastifyReply): Promise<void>;
    /** The user of a request that passed `authenticateToken`, read and checked now (for a route's rarer paths). */
    sessionUser(request: FastifyRequest): Promise<AuthUser>;
    /** onRequest hook: as authenticate, plus 403 unless the role is admin. */
    requireAdmin(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  }
}

/** The signed-in user of a request that passed `authenticate`. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

/** The claims of a request that passed `authenticateToken`. */
export function tokenClaims(request: FastifyRequest): SessionClaims {
  if (!request.sessionClaims) throw unauthorized();
  return request.sessionClaims;
}

const SESSION_EXPIRED = 'Your session has expired, please log in again';

/** The users columns a statement reads to check a session in its own round trip (see sessionUserOf). */
export const sessionColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  phone: users.phone,
  role: users.role,
  status: users.status,
  tokenVersion: users.tokenVersion,
};
type SessionRow = { [K in keyof typeof sessionColumns]: (typeof sessionColumns)[K]['_']['data'] };

/**
 * Every session's rules, once: the token's user must still exist with the token's version (a changed password or a
 * deactivation by the admin ends old tokens at once), and be active. Answers the signed-in user or throws 401/403.
 */
export function sessionUserOf(claims: SessionClaims, row: SessionRow | undefined | null): AuthUser {
  if (!row || row.tokenVersion !== claims.version) throw unauthorized(SESSION_EXPIRED);
  if (row.status !== 'active') throw forbidden('Your account is inactive');
  return { id: row.id, name: row.name, email: row.email, phone: row.phone, role: row.role };
}

/**
 * Runs `read` as the signed-in customer (their own record); when that fails (with an error `retry` accepts), an admin
 * signed in with the admin login reads any (`read(undefined)`). Everyone else gets the customer's error: the same
 * answer as for a record that does not exist.
 */
export async function ownerOrAdmin<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  read: (ownerId?: string) => Promise<T>,
  retry: (err: unknown) => boolean = () => true,
): Promise<T> {
  const user = currentUser(request);
  try {
    return await read(user.id);
  } catch (err) {
    if (!retry(err)) throw err;
    const isAdminSession = await request.server.requireAdmin(request, reply).then(
      () => true,
      () => false,
    );
    if (!isAdminSession) throw err;
    return read(undefined);
  }
}

/** The notices of drizzle/0006_session_notify.sql: a user's id, or '*' for all. */
const SESSIONS_CHANNEL = 'shop_sessions';
/** Signed-in users kept at most; past it the memory starts over (a farm shop has far fewer at once). */
const MAX_KEPT_SESSIONS = 10_000;

export default fp(
  async (app, opts: { database: Database }) => {
    const { db, config } = app.deps;
    const currentAdminKey = adminKeyFingerprint(config.jwtSecret, config.admin.secretKey);
    app.decorateRequest('user', null);
    app.decorateRequest('sessionClaims', null);
    // Every signed-in request runs this read: prepared once (a named statement on PostgreSQL), it skips building the
    // SQL and PostgreSQL's planning each time.
    const sessionUser = db
      .select(sessionColumns)
      .from(users)
      .where(eq(users.id, sql.placeholder('id')))
      .limit(1)
      .prepare('auth_session_user');
    const kept = new Map<string, SessionRow>();
    // Bumped by every notice: a read that a notice overtook (it resolved after the change was heard) is not kept.
    let changes = 0;
    let readSessionUser = async (id: string): Promise<SessionRow | undefined> => (await sessionUser.execute({ id }))[0];
    if (opts.database.kind === 'pglite') {
      const pglite = (db as unknown as { $client: PGlite }).$client;
      const unlisten = await pglite.listen(SESSIONS_CHANNEL, (payload) => {
        changes++;
        if (payload === '*') kept.clear();
        else kept.delete(payload);
      });
      app.addHook('onClose', async () => unlisten());
      readSessionUser = async (id) => {
        const key = id.toLowerCase();
        const hit = kept.get(key);
        if (hit) return hit;
        const before = changes;
        const [row] = await sessionUser.execute({ id });
        if (row && changes === before) {
          if (kept.size >= MAX_KEPT_SESSIONS) kept.clear();
          kept.set(key, row);
        }
        return row;
      };
    }

    /** The token's claims (no database read), and whether it came from an admin login (with the secret key). */
    function verifyToken(request: FastifyRequest): SessionClaims & { adminSession: boolean } {
      const header = request.headers.authorization;
      const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
      if (!match) throw unauthorized();
      const claims = verifySessionToken(config.jwtSecret, match[1]!);
      if (!claims || !/^[0-9a-f-]{36}$/i.test(claims.sub)) throw unauthorized(SESSION_EXPIRED);
      // An admin session made with an earlier ADMIN_SECRET_KEY (or before keys were fingerprinted) has ended.
      if (claims.adm !== null && claims.adm !== currentAdminKey) throw unauthorized(SESSION_EXPIRED);
      return { userId: claims.sub, version: claims.ver, adminSession: claims.adm !== null };
    }

    /** Answers whether the token came from an admin login (with the secret key). */
    async function authenticate(request: FastifyRequest): Promise<boolean> {
      const claims = verifyToken(request);
      request.user = sessionUserOf(claims, await readSessionUser(claims.userId));
      return claims.adminSession;
    }

    app.decorate('authenticate', async (request: FastifyRequest) => {
      await authenticate(request);
    });
    app.decorate('authenticateToken', async (request: FastifyRequest) => {
      const { userId, version } = verifyToken(request);
      request.sessionClaims = { userId, version };
    });
    app.decorate('sessionUser', async (request: FastifyRequest) => {
      if (request.user) return request.user;
      const claims = tokenClaims(request);
      request.user = sessionUserOf(claims, await readSessionUser(claims.userId));
      return request.user;
    });
    app.decorate('requireAdmin', async (request: FastifyRequest) => {
      const adminSession = await authenticate(request);
      if (request.user?.role !== ADMIN_ROLE) throw forbidden('Admins only');
      // An admin signed in on the shop (no secret key) shops as a customer; the admin API needs the admin login.
      if (!adminSession) throw forbidden('Please login with admin credentials');
    });
  },
  { name: 'auth', dependencies: ['deps'] },
);
