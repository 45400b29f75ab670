import { createHash, createSecretKey, randomBytes, type KeyObject } from 'node:crypto';
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
  /** True only for a login that proved the admin secret key; the admin API asks for it. */
  adm: boolean;
}

/** A 7-day HS256 session token; `admin` marks a login made with the admin secret key. */
export function signSessionToken(secret: string, userId: string, tokenVersion: number, admin = false): string {
  return jwt.sign({ ver: tokenVersion, ...(admin ? { adm: true } : {}) }, keyFor(secret), {
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
    return { sub: payload.sub, ver: payload.ver, adm: payload.adm === true };
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
