/** read config -> open db -> migrate -> seed (demo) -> listen. */
import { join } from 'node:path';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { migrateDatabase } from './db/migrate.js';
import { buildApp } from './app.js';
import { ensureAdmin } from './seed/admin.js';
import { seedDemoShop } from './seed/demo.js';
import { createStorage } from './lib/storage.js';
import { DataFolderInUseError, lockDataFolder } from './lib/data-lock.js';
import { shopAddress } from './lib/shop-address.js';

async function main(): Promise<void> {
  const config = loadConfig();
  const pgliteDir = join(config.dataDir, 'db');
  // Before PGlite opens the folder: a second process on it would see another shop and overwrite its writes.
  const releaseDataFolder = config.databaseUrl
    ? undefined
    : await lockDataFolder(pgliteDir, 'server', (err) => {
        console.error(`Stopping: the lock on ${pgliteDir} was lost (${err.message}); another process may be using the folder.`);
        process.exit(1);
      });
  // PostgreSQL: migrations run on a connection without the serving timeouts (an index build may take a while).
  const migrating = config.databaseUrl ? await openDatabase({ databaseUrl: config.databaseUrl, poolSize: 1 }) : undefined;
  if (migrating) {
    await migrateDatabase(migrating);
    await migrating.close();
  }
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir,
    connectTimeoutMs: config.databaseTimeouts.connectMs,
    statementTimeoutMs: config.databaseTimeouts.statementMs,
  });
  if (!migrating) await migrateDatabase(database);
  const createdAdmin = await ensureAdmin(database.db, config.admin);
  const storage = createStorage(config);
  const seeded = config.seedDemo ? await seedDemoShop({ db: database.db, storage, config }) : false;

  const app = await buildApp({ config, database, storage });
  let closing = false;
  // Graceful shutdown: stop accepting connections, let requests in flight finish (new requests on kept-alive
  // connections get 503), then close the pool. A request stuck longer than this does not keep the process alive.
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    setTimeout(() => {
      app.log.error('requests still running after 20 s; exiting anyway');
      process.exit(1);
    }, 20_000).unref();
    try {
      await app.close();
      await database.close();
      await releaseDataFolder?.();
    } catch (err) {
      app.log.error({ err }, 'error while shutting down');
      process.exit(1);
    }
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const bound = app.server.address();
  const base = shopAddress({
    host: config.host,
    port: typeof bound === 'object' && bound ? bound.port : config.port,
    publicUrl: config.publicUrl,
    publicUrlFromEnv: Boolean(process.env.PUBLIC_URL),
  });
  const lines = [
    '',
    `  ${config.brandName} is open.`,
    `  Shop:   ${base}/`,
    `  Admin:  ${base}/${config.adminPrefix}/adminlogin`,
    `  API:    ${base}/api (OpenAPI at ${base}/api/docs)`,
    `  Data:   ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : join(config.dataDir, 'db')}; mail outbox ${config.mail.smtpUrl ? 'SMTP' : config.mail.outboxDir}`,
    `  Payments: ${config.payment.provider}${seeded ? '; demo shop seeded' : ''}${createdAdmin ? '; admin account created' : ''}`,
  ];
  if (config.admin.fromDefaults) {
    lines.push(
      `  Demo admin login: ${config.admin.email} / ${config.admin.password} / secret key ${config.admin.secretKey}`,
    );
  }
  lines.push('  Press Ctrl+C to stop.');
  console.log(lines.join('\n') + '\n');
}

main().catch((err) => {
  if (err instanceof ConfigError || err instanceof DataFolderInUseError) {
    console.error(`Cannot start: ${err.message}`);
  } else {
    console.error(err);
  }
  process.exit(1);
});
