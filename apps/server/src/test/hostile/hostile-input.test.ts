/**
 * The hostile-input suite: every route of the OpenAPI document (app.swagger()), every param, query and body
 * field, a corpus of hostile values, sent as guest, customer and admin. No answer may be a 5xx and the
 * server must still answer afterwards. Runs on PGlite in `npm test` and on PostgreSQL in the CI's second pass.
 *
 * Bounded: each (route, field, value) goes out once, the role rotating between guest, customer and admin,
 * while the whole-body attacks and a valid baseline go out under all three roles.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { IMAGE_DATA_URL_PATTERN } from '@shop/domain/images';
import { createTestShop, PNG_DATA_URL, type TestShop } from '../harness.js';

type Schema = {
  type?: string | string[];
  format?: string;
  pattern?: string;
  minLength?: number;
  minimum?: number;
  exclusiveMinimum?: number;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  $ref?: string;
};
type Operation = {
  parameters?: { name: string; in: 'path' | 'query' | 'header'; schema?: Schema }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
};
type Doc = { paths: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, Schema> } };

const SOME_ID = '3f2b8c1e-9a4d-4e7b-8c2a-1d5e6f7a8b9c';
const DEEP = 5000;

/** Hostile values for any field, JSON-typed as they are sent. */
const VALUES: unknown[] = [
  '\u0000',
  'ghee\u0000',
  '\u001b[31mred',
  'line\r\nBcc: victim@example.com',
  '\u202e\u0085\u009f',
  'x'.repeat(70_000),
  'é\ud800',
  '../../../etc/passwd',
  "' OR '1'='1'; --",
  '<script>alert(1)</script>',
  '%00',
  '%E0%A4',
  '00000000-0000-0000-0000-000000000000',
  'not-a-uuid',
  '',
  -1,
  0,
  1.5,
  1e308,
  -1e308,
  2 ** 53 + 1,
  true,
  null,
  [],
  [[[[[[[[[[[]]]]]]]]]]],
  {},
  { __proto__: { admin: true } },
  JSON.parse('{"__proto__": {"role": "admin"}, "constructor": {"prototype": {"role": "admin"}}}'),
];

/** Values for params and query strings, as raw text put into the URL. */
const URL_VALUES = [
  '%00',
  'a%00b',
  '%0d%0aSet-Cookie:%20x=1',
  '%1b',
  '%',
  '%zz',
  '%E0%A4',
  '%FF',
  '%ED%A0%80',
  'x'.repeat(5000),
  '-1',
  '0',
  '1e400',
  '99999999999999999999999',
  'null',
  '__proto__',
  'constructor',
  '..%2F..%2Fetc%2Fpasswd',
  '%27%20OR%201%3D1--',
  'not-a-uuid',
];

/** Whole bodies: prototype keys, deep nesting, bodies that are not objects, bad JSON. */
const RAW_BODIES: { payload: string; contentType: string }[] = [
  { payload: '{"__proto__":{"role":"admin","isAdmin":true}}', contentType: 'application/json' },
  { payload: '{"constructor":{"prototype":{"role":"admin"}}}', contentType: 'application/json' },
  { payload: `${'{"a":'.repeat(DEEP)}1${'}'.repeat(DEEP)}`, contentType: 'application/json' },
  { payload: `${'['.repeat(DEEP)}${']'.repeat(DEEP)}`, contentType: 'application/json' },
  { payload: '[]', contentType: 'application/json' },
  { payload: '"text"', contentType: 'application/json' },
  { payload: '1e999', contentType: 'application/json' },
  { payload: 'null', contentType: 'application/json' },
  { payload: '{', contentType: 'application/json' },
  { payload: '{"a":"\\ud800"}', contentType: 'application/json' },
  { payload: 'name=x', contentType: 'application/x-www-form-urlencoded' },
  { payload: 'plain', contentType: 'text/plain' },
];

function resolve(doc: Doc, schema: Schema | undefined): Schema | undefined {
  if (!schema?.$ref) return schema;
  const name = schema.$ref.split('/').at(-1)!.replace(/#$/, '');
  return doc.components?.schemas?.[name] ?? {};
}

/** A value the schema accepts (near enough), so that one hostile field at a time gets past the others. */
function sample(doc: Doc, raw: Schema | undefined, depth = 0): unknown {
  const schema = resolve(doc, raw) ?? {};
  if (depth > 6) return null;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return sample(doc, alternatives[0], depth + 1);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      if (schema.format === 'uuid') return SOME_ID;
      if (schema.format === 'email') return 'fuzz@example.com';
      if (schema.format === 'date-time') return '2026-01-01T00:00:00.000Z';
      if (schema.pattern === IMAGE_DATA_URL_PATTERN) return PNG_DATA_URL;
      if (schema.pattern?.startsWith('^(/|https?://)')) return '/allproducts';
      return 'fuzz value '.padEnd(Math.max(schema.minLength ?? 0, 10), 'x');
    case 'integer':
    case 'number':
      return Math.max(1, (schema.minimum ?? schema.exclusiveMinimum ?? 0) + 1);
    case 'boolean':
      return false;
    case 'array':
      return [sample(doc, schema.items, depth + 1)];
    case 'object':
    default: {
      if (!schema.properties) return type === 'object' ? {} : 'fuzz';
      return Object.fromEntries(Object.entries(schema.properties).map(([k, v]) => [k, sample(doc, v, depth + 1)]));
    }
  }
}

interface Sent {
  label: string;
  status: number;
}

let shop: TestShop;
let tokens: (string | undefined)[];

beforeAll(async () => {
  shop = await createTestShop();
  const admin = await shop.createAdmin();
  const customer = await shop.createUser();
  tokens = [undefined, customer.token, admin.token];
}, 60_000);
afterAll(() => shop.close());

describe('hostile input, generated from the OpenAPI document', () => {
  it('never answers 5xx to any route, field or role, and keeps answering', { timeout: 240_000 }, async () => {
    const doc = shop.app.swagger() as unknown as Doc;
    const sent: Sent[] = [];
    const failures: string[] = [];
    let turn = 0;

    const send = async (label: string, opts: InjectOptions, token: string | undefined) => {
      const res = await shop.request({ ...opts, token });
      sent.push({ label, status: res.statusCode });
      if (res.statusCode >= 500) failures.push(`${res.statusCode} ${label}: ${res.body.slice(0, 200)}`);
      else if (res.statusCode >= 400 && !/^\{"message":/.test(res.body)) failures.push(`${res.statusCode} without { message } ${label}: ${res.body.slice(0, 200)}`);
    };

    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(operations)) {
        if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
        const params = (op.parameters ?? []).filter((p) => p.in === 'path' || p.in === 'query');
        const bodySchema = resolve(doc, op.requestBody?.content?.['application/json']?.schema);
        const base = Object.fromEntries(params.map((p) => [p.name, String(sample(doc, p.schema))]));
        const baseBody = bodySchema ? sample(doc, bodySchema) : undefined;

        const url = (values: Record<string, string>, raw = false) => {
          let out = path.replace(/\{([^}]+)\}/g, (_m, name: string) => (raw ? values[name]! : encodeURIComponent(values[name]!)));
          const query = params.filter((p) => p.in === 'query');
          if (query.length) out += '?' + query.map((p) => `${p.name}=${raw ? values[p.name] : encodeURIComponent(values[p.name]!)}`).join('&');
          return out;
        };
        const request = (values: Record<string, string>, payload: unknown, raw = false): InjectOptions => ({
          method: method.toUpperCase() as InjectOptions['method'],
          url: url(values, raw),
          ...(payload !== undefined ? { payload: JSON.stringify(payload), headers: { 'content-type': 'application/json' } } : {}),
        });
        const next = () => tokens[turn++ % tokens.length];

        // The valid baseline, as every role.
        for (const token of tokens) await send(`${method} ${path} baseline`, request(base, baseBody), token);

        // Each param and query value, raw into the URL.
        for (const p of params) {
          for (const value of URL_VALUES) {
            await send(`${method} ${path} ${p.in}.${p.name}=${value.slice(0, 40)}`, request({ ...base, [p.name]: value }, baseBody, true), next());
          }
        }

        if (!bodySchema) continue;
        // Each body field, one hostile value at a time (nested objects: their first level too).
        const fields = Object.keys((bodySchema.properties ?? {}) as object);
        for (const field of fields) {
          for (const value of VALUES) {
            const payload = { ...(baseBody as object), [field]: value };
            await send(`${method} ${path} body.${field}=${JSON.stringify(value)?.slice(0, 40)}`, request(base, payload), next());
          }
        }
        // Whole bodies, as every role.
        for (const { payload, contentType } of RAW_BODIES) {
          for (const token of tokens) {
            await send(
              `${method} ${path} raw body ${payload.slice(0, 40)}`,
              { method: method.toUpperCase() as InjectOptions['method'], url: url(base), payload, headers: { 'content-type': contentType } },
              token,
            );
          }
        }
      }
    }

    const health = await shop.request({ method: 'GET', url: '/api/health/ready' });
    console.log(
      `hostile-input suite (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}): ${sent.length} requests over ${Object.keys(doc.paths).length} paths, ` +
        `${sent.filter((s) => s.status >= 500).length} answers >= 500`,
    );
    expect(failures).toEqual([]);
    expect(sent.length).toBeGreaterThan(1000);
    expect(health.statusCode).toBe(200);
  });
});
