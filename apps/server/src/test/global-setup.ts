/**
 * Migrates one template database per test run; each test file then copies it (PGlite: a data dir copy,
 * PostgreSQL: CREATE DATABASE ... TEMPLATE), which takes milliseconds instead of seconds.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.js';
import { migrateDatabase } from '../db/migrate.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplateDir: string;
    pgTemplateName: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    const name = `shop_template_${process.pid}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(databaseUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 1 });
    await migrateDatabase(database);
    await database.close();
    project.provide('pgTemplateName', name);
    project.provide('pgliteTemplateDir', '');
    return async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'shop-template-'));
  const database = await openDatabase({ pgliteDir: join(dir, 'db') });
  await migrateDatabase(database);
  await database.close();
  project.provide('pgliteTemplateDir', join(dir, 'db'));
  project.provide('pgTemplateName', '');
  return async () => rmSync(dir, { recursive: true, force: true });
}
