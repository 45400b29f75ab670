import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, type TestShop } from './test/harness.js';
import { DOCS_UI_PREFIX, mergeIdenticalPaths } from './plugins/openapi.js';

interface Operation {
  summary?: string;
  tags?: string[];
  security?: unknown[];
  parameters?: Array<{ in: string; name: string }>;
  responses: Record<string, { description: string; content?: Record<string, { schema: unknown }> }>;
}
interface Doc {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes?: Record<string, unknown>; schemas?: Record<string, unknown> };
}

let shop: TestShop;
let doc: Doc;
const operations: Array<{ key: string; op: Operation }> = [];

beforeAll(async () => {
  shop = await createTestShop();
  const res = await shop.request({ method: 'GET', url: '/api/docs' });
  expect(res.statusCode).toBe(200);
  doc = res.json();
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) operations.push({ key: `${method.toUpperCase()} ${path}`, op });
  }
});
afterAll(() => shop.close());

const op = (method: string, path: string) => {
  const found = doc.paths[path]?.[method.toLowerCase()];
  if (!found) throw new Error(`${method} ${path} is not in the document`);
  return found;
};

describe('GET /api/docs (the OpenAPI document)', () => {
  it('gives every operation a summary and one of the four tags', () => {
    expect(operations.length).toBeGreaterThan(50);
    expect(operations.filter(({ op }) => !op.summary).map(({ key }) => key)).toEqual([]);
    for (const { op } of operations) expect(['store', 'account', 'admin', 'payments']).toContain(op.tags?.[0]);
    expect(op('DELETE', '/api/category/{id}').tags).toEqual(['admin']);
    expect(op('GET', '/api/products/list/{page}').tags).toEqual(['store']);
    expect(op('PUT', '/api/users/profile').tags).toEqual(['account']);
    expect(op('POST', '/api/orders/paymentverification').tags).toEqual(['payments']);
  });

  it('declares the bearer scheme and requires it exactly on the protected routes', () => {
    expect(doc.components.securitySchemes).toEqual({ bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } });
    expect(op('GET', '/api/orders/all').security).toEqual([{ bearerAuth: [] }]);
    expect(op('GET', '/api/users/get-user').security).toEqual([{ bearerAuth: [] }]);
    expect(op('GET', '/api/products/list/{page}').security).toEqual([]);
    // Every operation that answers 401 says how to authenticate.
    const unsecured = operations.filter(({ op }) => op.responses['401'] && !op.security?.length).map(({ key }) => key);
    expect(unsecured).toEqual([]);
  });

  it('lists the real error answers, each a { message }', () => {
    const codes = (o: Operation) => Object.keys(o.responses).sort();
    expect(codes(op('DELETE', '/api/category/{id}'))).toEqual(['200', '400', '401', '403', '404', '409']);
    expect(codes(op('POST', '/api/auth/register'))).toEqual(['201', '400', '409', '413', '429']);
    expect(codes(op('GET', '/api/products/list/{page}'))).toEqual(['200', '400']);
    const notFound = op('GET', '/api/products/{slugOrId}').responses['404']!;
    expect(notFound.description).toBe('Nothing with that id or slug');
    expect(notFound.content?.['application/json']?.schema).toEqual({ $ref: '#/components/schemas/ErrorResponse' });
    expect(doc.components.schemas?.ErrorResponse).toMatchObject({ required: ['message'], properties: { message: { type: 'string' } } });
    expect(operations.filter(({ op }) => op.responses['4XX'] || op.responses['4xx'])).toEqual([]);
  });

  it('keeps one path item per URL template, each method with its own parameter', () => {
    expect(doc.paths['/api/blogs/{slug}']).toBeUndefined();
    expect(doc.paths['/api/blogs/{id}']).toBeUndefined();
    expect(Object.keys(doc.paths['/api/blogs/{slugOrId}']!).sort()).toEqual(['delete', 'get', 'put']);
    expect(op('GET', '/api/blogs/{slugOrId}').parameters).toContainEqual(expect.objectContaining({ in: 'path', name: 'slugOrId' }));
    // The URLs still answer as before.
    expect(mergeIdenticalPaths({ '/a/{x}': { get: {} }, '/a/{y}': { put: {} }, '/b/{x}': { get: {} } })).toEqual({
      '/a/{xOrY}': { get: { parameters: undefined }, put: { parameters: undefined } },
      '/b/{x}': { get: {} },
    });
  });

  it('passes Redocly lint with the recommended rules: 0 errors', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'shop-openapi-'));
    try {
      const file = join(dir, 'openapi.json');
      writeFileSync(file, JSON.stringify(doc));
      const require = createRequire(import.meta.url);
      const pkgFile = require.resolve('@redocly/cli/package.json');
      const bin = join(dirname(pkgFile), (JSON.parse(readFileSync(pkgFile, 'utf8')) as { bin: Record<string, string> }).bin.redocly!);
      const result = await promisify(execFile)(process.execPath, [bin, 'lint', file, '--extends=recommended', '--format=summary'], {
        cwd: dir,
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
      }).catch((err: { stdout: string; stderr: string }) => err);
      const output = `${result.stdout}${result.stderr}`;
      expect(output).not.toMatch(/^error\s/m);
      expect(output).toMatch(/Woohoo! Your API description is valid|validated in/);
      expect(output).not.toMatch(/Validation failed with \d+ error/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe(`${DOCS_UI_PREFIX} (the readable page)`, () => {
  it('serves Swagger UI from the server itself, reading /api/docs/ui/json, with no outside script', async () => {
    const page = await shop.request({ method: 'GET', url: `${DOCS_UI_PREFIX}/` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const scripts = [...page.body.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const src of scripts) {
      expect(src).not.toMatch(/^https?:|^\/\//);
      const js = await shop.request({ method: 'GET', url: `${DOCS_UI_PREFIX}/${src.replace(/^\.\//, '')}` });
      expect(js.statusCode, src).toBe(200);
    }
    const json = await shop.request({ method: 'GET', url: `${DOCS_UI_PREFIX}/json` });
    expect(json.json()).toEqual(doc);
  });
});
