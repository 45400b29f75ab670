/** Every environment variable the server reads, parsed and defaulted here and nowhere else. */
import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brandName } from '@shop/domain/brand';
import { DEFAULT_MAX_HELD_UNITS, INDIAN_STATES } from '@shop/domain/constants';
import { DEFAULT_EXCHANGE_RATES, isCurrencyCode, type ExchangeRates } from '@shop/domain/money';

export interface Config {
  production: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** PostgreSQL: how long to wait for a connection, and for one statement, before answering 503. */
  databaseTimeouts: { connectMs: number; statementMs: number };
  /**
   * How long a client may take to send a request: its headers, the whole of it (body included) on the upload
   * routes, and the whole of it on every other route (JSON bodies of at most 64 KB). Past them: 408 and the
   * connection closed, so slow senders cannot hold sockets open for ever.
   */
  requestTimeouts: { headersMs: number; uploadMs: number; jsonMs: number };
  publicUrl: string;
  adminPrefix: string;
  brandName: string;
  jwtSecret: string;
  admin: { email: string; password: string; secretKey: string; fromDefaults: boolean };
  payment: {
    provider: 'sandbox' | 'razorpay';
    keyId: string;
    keySecret: string;
    webhookSecret: string;
  };
  mail: { smtpUrl: string | undefined; from: string; outboxDir: string };
  shopEmail: string;
  /** The seller as printed on tax invoices (SHOP_*); `state` decides CGST+SGST or IGST. */
  shop: { legalName: string; address: string; gstin: string; state: string; fssai: string; invoicePrefix: string };
  /**
   * What a product's listing says for the Legal Metrology label details when the product has none of its own
   * (SHOP_PACKER, SHOP_COUNTRY_OF_ORIGIN, SHOP_BEST_BEFORE, SHOP_CONSUMER_CARE; SHOP_PHONE joins the care contact).
   */
  productLabel: { packer: string; countryOfOrigin: string; bestBefore: string; consumerCare: string };
  /** The prefix of the order numbers people read (ORDER_PREFIX): `SF-10234`. */
  orderPrefix: string;
  /** Units one shopper's unpaid checkouts may hold at once (MAX_HELD_UNITS). */
  maxHeldUnits: number;
  /** Days after a line is Delivered that its customer is mailed for a review (REVIEW_ASK_DAYS, default 4). */
  reviewAskDays: number;
  storage: {
    kind: 'local' | 's3';
    uploadsDir: string;
    s3: { bucket: string; region: string; endpoint: string | undefined; accessKeyId: string; secretAccessKey: string; publicUrl: string };
  };
  redisUrl: string | undefined;
  /** Prefix of every Redis key the server writes (rate limits), so one Redis can serve several shops or test runs. */
  redisKeyPrefix: string;
  exchangeRates: ExchangeRates;
  seedDemo: boolean;
  adminOrigin: string | undefined;
  /**
   * Which X-Forwarded-For entries to believe: a hop count (the proxies in front) or the proxies' addresses/CIDRs.
   * Off by default so a client cannot choose the address its rate limits are keyed on.
   */
  trustProxy: false | number | string[];
  /** Directories of the built apps, served in all-in-one mode when they exist. */
  storefrontDist: string;
  adminDist: string;
  logLevel: string;
}

export class ConfigError extends Error {}

const DEMO_ADMIN = { email: 'admin@shuddhfarm.in', password: 'farm-admin-2026', secretKey: 'demo-secret-key' };

function bool(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return ['1', 'true', 'yes', 'on'].includes(value.toLowerCase());
}

/** A secret from env, else (outside production) one generated once and kept in DATA_DIR. */
function secret(env: NodeJS.ProcessEnv, name: string, dataDir: string, production: boolean, bytes = 32): string {
  const value = env[name];
  if (value) return value;
  if (production) throw new ConfigError(`${name} must be set when NODE_ENV=production`);
  const file = join(dataDir, 'secrets.json');
  const stored: Record<string, string> = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  if (!stored[name]) {
    stored[name] = randomBytes(bytes).toString('hex');
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, JSON.stringify(stored, null, 2), { mode: 0o600 });
  }
  return stored[name]!;
}

/** proxy-addr's names for address ranges, accepted in a TRUST_PROXY list. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY: unset/false/0 (off), a hop count (`1`), or a comma-separated list of proxy addresses or CIDRs
 * (`127.0.0.1,10.0.0.0/8`). "Trust everything" would let any client pick its own address, so it is refused.
 */
export function parseTrustProxy(raw: string | undefined): false | number | string[] {
  const value = (raw ?? '').trim();
  if (value === '' || ['0', 'false', 'no', 'off'].includes(value.toLowerCase())) return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > 10) throw new ConfigError(`TRUST_PROXY=${value} is not a sensible number of proxies; use the number of proxies in front of the API (usually 1)`);
    return hops;
  }
  if (['true', 'yes', 'on', '*'].includes(value.toLowerCase())) {
    throw new ConfigError(
      `TRUST_PROXY=${value} would believe any X-Forwarded-For a client sends (anyone could pick the address their rate limits count); ` +
        'set the number of proxies in front of the API (e.g. TRUST_PROXY=1) or their addresses (e.g. TRUST_PROXY=127.0.0.1,10.0.0.0/8)',
    );
  }
  const entries = value.split(',').map((e) => e.trim()).filter(Boolean);
  for (const entry of entries) {
    const [address, bits, extra] = entry.split('/');
    const family = isIP(address ?? '');
    const validBits = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (family === 6 ? 128 : 32));
    if (!PROXY_RANGE_NAMES.has(entry.toLowerCase()) && (!family || !validBits || extra !== undefined)) {
      throw new ConfigError(
        `TRUST_PROXY has "${entry}", which is neither an IP address nor a CIDR range; use a hop count (1) or addresses like 127.0.0.1,10.0.0.0/8`,
      );
    }
  }
  return entries;
}

/**
 * Fastify's trustProxy for a parsed TRUST_PROXY. Fastify 5.12 refuses bare hop counts (a client that can reach the
 * API directly could then pick its own address), so a count becomes "the last N hops are proxies": right when the
 * API is reachable only through those proxies, which is what the README asks of anyone who sets a count.
 */
export function fastifyTrustProxy(trust: false | number | string[]): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return trust;
}

function positiveInt(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new ConfigError(`${name} must be a whole number of milliseconds`);
  return value;
}

function parseRates(raw: string | undefined): ExchangeRates {
  if (!raw) return DEFAULT_EXCHANGE_RATES;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new ConfigError('EXCHANGE_RATES must be JSON like {"USD":0.012,"EUR":0.011,"AED":0.044}');
  }
  const rates: ExchangeRates = { ...DEFAULT_EXCHANGE_RATES };
  for (const [code, rate] of Object.entries(parsed as Record<string, unknown>)) {
    if (!isCurrencyCode(code) || typeof rate !== 'number' || !(rate > 0)) {
      throw new ConfigError(`EXCHANGE_RATES has a bad entry: ${code}`);
    }
    rates[code] = rate;
  }
  rates.INR = 1;
  return rates;
}

/** A setting's text, trimmed; unset or blank gives `fallback`. */
function text(env: NodeJS.ProcessEnv, name: string, fallback: string): string {
  return env[name]?.trim() || fallback;
}

/** The label details a product without its own shows: the shop packs what it sells, in India, and answers for it. */
function productLabelDefaults(env: NodeJS.ProcessEnv, legalName: string, address: string, email: string): Config['productLabel'] {
  const phone = env.SHOP_PHONE?.trim();
  return {
    packer: text(env, 'SHOP_PACKER', `${legalName}, ${address}`),
    countryOfOrigin: text(env, 'SHOP_COUNTRY_OF_ORIGIN', 'India'),
    bestBefore: text(env, 'SHOP_BEST_BEFORE', 'Best before the date printed on the pack'),
    consumerCare: text(env, 'SHOP_CONSUMER_CARE', `${legalName}, ${address}. ${phone ? `Phone ${phone}, ` : ''}email ${email}`),
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const production = env.NODE_ENV === 'production';
  const dataDir = resolve(env.DATA_DIR ?? join(process.cwd(), 'data'));
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new ConfigError('PORT must be a port number');
  const host = env.HOST ?? '0.0.0.0';
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, '');
  const adminPrefix = (env.ADMIN_PREFIX ?? 'shuddh').replace(/^\/+|\/+$/g, '');
  if (!/^[a-z0-9-]+$/i.test(adminPrefix)) throw new ConfigError('ADMIN_PREFIX must be one path segment of letters, digits and dashes');

  const adminFromEnv = Boolean(env.ADMIN_EMAIL && env.ADMIN_PASSWORD && env.ADMIN_SECRET_KEY);
  if (production && !adminFromEnv) {
    throw new ConfigError('ADMIN_EMAIL, ADMIN_PASSWORD and ADMIN_SECRET_KEY must be set when NODE_ENV=production');
  }
  const admin = {
    email: (env.ADMIN_EMAIL ?? DEMO_ADMIN.email).toLowerCase(),
    password: env.ADMIN_PASSWORD ?? DEMO_ADMIN.password,
    secretKey: env.ADMIN_SECRET_KEY ?? DEMO_ADMIN.secretKey,
    fromDefaults: !adminFromEnv,
  };
  if (admin.password.length < 8) throw new ConfigError('ADMIN_PASSWORD must have at least 8 characters');

  // A shop in production must mail its customers. The outbox folder instead is a deliberate choice only (a staging
  // copy, the CI topology): MAIL_OUTBOX_DIR names it.
  if (production && !env.SMTP_URL && !env.MAIL_OUTBOX_DIR) {
    throw new ConfigError(
      'SMTP_URL must be set when NODE_ENV=production: without it no mail (verification, password reset, order confirmation) reaches anyone. ' +
        'Set SMTP_URL=smtps://user:pass@smtp.example.in:465, or set MAIL_OUTBOX_DIR to keep mails as .eml files on purpose.',
    );
  }

  const provider = env.PAYMENT_PROVIDER ?? (production ? 'razorpay' : 'sandbox');
  if (provider !== 'sandbox' && provider !== 'razorpay') throw new ConfigError('PAYMENT_PROVIDER must be sandbox or razorpay');
  if (provider === 'razorpay' && !(env.RAZORPAY_KEY_ID && env.RAZORPAY_KEY_SECRET)) {
    throw new ConfigError('RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET must be set when PAYMENT_PROVIDER=razorpay');
  }

  const storageKind = env.STORAGE ?? (env.S3_BUCKET ? 's3' : 'local');
  if (storageKind !== 'local' && storageKind !== 's3') throw new ConfigError('STORAGE must be local or s3');
  if (storageKind === 's3' && !env.S3_BUCKET) throw new ConfigError('S3_BUCKET must be set when STORAGE=s3');

  const shopEmail = env.SHOP_EMAIL ?? 'hello@shuddhfarm.in';
  const shopLegalName = env.SHOP_LEGAL_NAME ?? 'Shuddh Farm Organics LLP';
  const shopAddress = env.SHOP_ADDRESS ?? 'Survey No. 42, Wagholi Road, Pune, Maharashtra 412207';
  const shopState = env.SHOP_STATE ?? 'Maharashtra';
  if (!(INDIAN_STATES as readonly string[]).includes(shopState)) {
    throw new ConfigError(`SHOP_STATE must be an Indian state or union territory as spelt in the shop's list, e.g. Maharashtra`);
  }
  const invoicePrefix = env.INVOICE_PREFIX ?? 'SF';
  if (!/^[A-Z0-9-]{1,4}$/i.test(invoicePrefix)) throw new ConfigError('INVOICE_PREFIX must be 1 to 4 letters or digits (invoice numbers have at most 16 characters)');
  const orderPrefix = env.ORDER_PREFIX ?? 'SF';
  if (!/^[A-Z]{1,10}$/i.test(orderPrefix)) throw new ConfigError('ORDER_PREFIX must be 1 to 10 letters (order numbers read SF-10234)');
  const maxHeldUnits = Number(env.MAX_HELD_UNITS ?? DEFAULT_MAX_HELD_UNITS);
  if (!Number.isInteger(maxHeldUnits) || maxHeldUnits < 1) throw new ConfigError('MAX_HELD_UNITS must be a whole number of at least 1');
  const reviewAskDays = Number(env.REVIEW_ASK_DAYS ?? 4);
  if (!Number.isInteger(reviewAskDays) || reviewAskDays < 0 || reviewAskDays > 365) throw new ConfigError('REVIEW_ASK_DAYS must be a whole number of days from 0 to 365');

  const requestTimeouts = {
    headersMs: positiveInt(env, 'HEADERS_TIMEOUT_MS', 60_000),
    uploadMs: positiveInt(env, 'REQUEST_TIMEOUT_MS', 120_000),
    jsonMs: positiveInt(env, 'JSON_REQUEST_TIMEOUT_MS', 30_000),
  };
  if (requestTimeouts.headersMs > requestTimeouts.uploadMs || requestTimeouts.jsonMs > requestTimeouts.uploadMs) {
    throw new ConfigError('HEADERS_TIMEOUT_MS and JSON_REQUEST_TIMEOUT_MS must not be longer than REQUEST_TIMEOUT_MS');
  }

  const repoRoot = resolve(new URL('../../..', import.meta.url).pathname);

  return {
    production,
    port,
    host,
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    databaseTimeouts: {
      connectMs: positiveInt(env, 'DATABASE_CONNECT_TIMEOUT_MS', 5000),
      statementMs: positiveInt(env, 'DATABASE_STATEMENT_TIMEOUT_MS', 15000),
    },
    requestTimeouts,
    publicUrl,
    adminPrefix,
    brandName: brandName(env),
    jwtSecret: secret(env, 'JWT_SECRET', dataDir, production),
    admin,
    payment: {
      provider,
      keyId: env.RAZORPAY_KEY_ID ?? 'rzp_test_sandbox',
      keySecret: provider === 'razorpay' ? env.RAZORPAY_KEY_SECRET! : secret(env, 'RAZORPAY_KEY_SECRET', dataDir, false, 16),
      webhookSecret:
        env.RAZORPAY_WEBHOOK_SECRET ?? (production ? '' : secret(env, 'RAZORPAY_WEBHOOK_SECRET', dataDir, false, 16)),
    },
    mail: {
      smtpUrl: env.SMTP_URL || undefined,
      from: env.MAIL_FROM ?? `${brandName(env)} <no-reply@shuddhfarm.in>`,
      outboxDir: resolve(env.MAIL_OUTBOX_DIR ?? join(dataDir, 'outbox')),
    },
    shopEmail,
    // Demo defaults; a real shop sets its own (the GSTIN's first two digits are its state code, 27 = Maharashtra).
    shop: {
      legalName: shopLegalName,
      address: shopAddress,
      gstin: env.SHOP_GSTIN ?? '27AAAAA0000A1Z5',
      state: shopState,
      fssai: env.SHOP_FSSAI ?? '11526998000123',
      invoicePrefix,
    },
    productLabel: productLabelDefaults(env, shopLegalName, shopAddress, shopEmail),
    orderPrefix,
    maxHeldUnits,
    reviewAskDays,
    storage: {
      kind: storageKind,
      uploadsDir: join(dataDir, 'uploads'),
      s3: {
        bucket: env.S3_BUCKET ?? '',
        region: env.S3_REGION ?? 'us-east-1',
        endpoint: env.S3_ENDPOINT || undefined,
        accessKeyId: env.S3_ACCESS_KEY_ID ?? '',
        secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? '',
        publicUrl: (env.S3_PUBLIC_URL ?? '').replace(/\/+$/, ''),
      },
    },
    redisUrl: env.REDIS_URL || undefined,
    redisKeyPrefix: env.REDIS_KEY_PREFIX ?? 'shop:',
    exchangeRates: parseRates(env.EXCHANGE_RATES),
    seedDemo: bool(env.SEED_DEMO, !production),
    adminOrigin: env.ADMIN_ORIGIN || undefined,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    storefrontDist: resolve(env.STOREFRONT_DIST ?? join(repoRoot, 'apps/storefront/dist')),
    adminDist: resolve(env.ADMIN_DIST ?? join(repoRoot, 'apps/admin/dist')),
    logLevel: env.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'silent' : 'info'),
  };
}
