import { createHash, createHmac, createSecretKey, randomBytes, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';

const TOKEN_TTL = '7d';

// Given a string, jsonwebtoken first tries to parse it as a PEM key on every call; a KeyObject made once skips that.
const keys = new Map<string, KeyObject>();
function keyFor(secret: string): KeyObject {
  let key = keys.get(secret);
  if (!key) keys.set(secret, (key = createSecretKey(Buffer.from(secret, 'utf8'))));
  return key;
}

export interface SessionClaims {
  sub: string;
  /** users.token_version when the token was made. */
  ver: number;
  /**
   * Set only for a login that proved the admin secret key: a fingerprint of that key (see adminKeyFingerprint), so
   * the token ends when ADMIN_SECRET_KEY changes. The admin API asks for it.
   */
  adm: string | null;
}

/**
 * A fingerprint of the admin secret key, keyed with the JWT secret: it changes whenever the key does, and a token's
 * readable payload tells nothing about the key (a plain hash could be guessed offline when the key is weak).
 */
export function adminKeyFingerprint(jwtSecret: string, adminSecretKey: string): string {
  return createHmac('sha256', jwtSecret).update(`admin-secret-key:${adminSecretKey}`).digest('base64url').slice(0, 22);
}

/** A 7-day HS256 session token; `adminSecretKey` (given for a login made with it) makes it an admin session. */
export function signSessionToken(secret: string, userId: string, tokenVersion: number, adminSecretKey?: string): string {
  const adm = adminSecretKey === undefined ? {} : { adm: adminKeyFingerprint(secret, adminSecretKey) };
  return jwt.sign({ ver: tokenVersion, ...adm }, keyFor(secret), {
    algorithm: 'HS256',
    subject: userId,
    expiresIn: TOKEN_TTL,
  });
}

/** The claims of a valid token, or null. Only HS256 is accepted (no `none`, no key confusion). */
export function verifySessionToken(secret: string, token: string): SessionClaims | null {
  try {
    const payload = jwt.verify(token, keyFor(secret), { algorithms: ['HS256'] });
    if (typeof payload !== 'object' || typeof payload.sub !== 'string' || typeof payload.ver !== 'number') return null;
    // An older admin token (`adm: true`) becomes a fingerprint that matches no key, so it ends like a rotated one.
    return { sub: payload.sub, ver: payload.ver, adm: payload.adm === undefined ? null : String(payload.adm) };
  } catch {
    return null;
  }
}

/** A random single-use token for a mailed link, and the hash that is stored instead of it. */
export function newLinkToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashLinkToken(token) };
}

export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
