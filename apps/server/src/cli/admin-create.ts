/**
 * `pnpm --filter @shop/server admin:create -- --email owner@farm.in [--name "Farm Owner"] [--reset-password]`
 * Creates an admin account for a real deployment, or makes an existing account an admin.
 * The password comes from --password or, better (it stays out of `ps` and shell history), ADMIN_PASSWORD.
 * It uses the server's own configuration (DATABASE_URL or DATA_DIR) and migrates the database first.
 */
import { realpathSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { ADMIN_ROLE, NAME_MIN_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@shop/domain/constants';
import { ConfigError, loadConfig } from '../config.js';
import { openDatabase, type Database } from '../db/client.js';
import { migrateDatabase } from '../db/migrate.js';
import { users } from '../db/schema.js';
import { ensureAdmin } from '../seed/admin.js';
import { DataFolderInUseError, lockDataFolder } from '../lib/data-lock.js';

const USAGE = `Usage: admin:create --email <email> --password <password> [--name <name>] [--reset-password]

Creates an admin account, or makes an existing account an admin.
  --email            the admin's email (or ADMIN_EMAIL)
  --password         at least ${PASSWORD_MIN_LENGTH} characters (or ADMIN_PASSWORD, which keeps it out of the process list)
  --name             shown in the admin panel (or ADMIN_NAME; default "Farm Admin")
  --reset-password   also set this password on an account that already exists
The database is the server's: DATABASE_URL when set, otherwise DATA_DIR/db.`;

export class UsageError extends Error {}

export interface AdminArgs {
  email: string;
  password: string;
  name: string | undefined;
  resetPassword: boolean;
}

export interface CliOutput {
  out(line: string): void;
  err(line: string): void;
}

const MAX_NAME_LENGTH = 80;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Parses `--flag value`, `--flag=value` and `--reset-password`; env fills what the args leave out. */
export function parseAdminArgs(argv: readonly string[], env: NodeJS.ProcessEnv): AdminArgs | 'help' {
  const values: Record<string, string | undefined> = {};
  let resetPassword = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') continue;
    if (arg === '--help' || arg === '-h') return 'help';
    if (arg === '--reset-password') {
      resetPassword = true;
      continue;
    }
    const match = /^--(email|password|name)(?:=(.*))?$/s.exec(arg);
    if (!match) throw new UsageError(`Unknown argument: ${arg}`);
    const key = match[1]!;
    let value = match[2];
    if (value === undefined) {
      value = argv[i + 1];
      if (value === undefined || value.startsWith('--')) throw new UsageError(`--${key} needs a value`);
      i++;
    }
    values[key] = value;
  }

  const email = (values.email ?? env.ADMIN_EMAIL ?? '').trim().toLowerCase();
  const password = values.password ?? env.ADMIN_PASSWORD ?? '';
  const rawName = values.name ?? env.ADMIN_NAME;
  const name = rawName === undefined ? undefined : rawName.trim();

  if (!email) throw new UsageError('An email is required (--email or ADMIN_EMAIL)');
  if (email.length > 254 || !EMAIL_PATTERN.test(email)) throw new UsageError(`Not a valid email: ${email}`);
  if (!password) throw new UsageError('A password is required (--password or ADMIN_PASSWORD)');
  if (password.length < PASSWORD_MIN_LENGTH) {
    throw new UsageError(`The password must have at least ${PASSWORD_MIN_LENGTH} characters`);
  }
  if (password.length > PASSWORD_MAX_LENGTH) {
    throw new UsageError(`The password must have at most ${PASSWORD_MAX_LENGTH} characters`);
  }
  if (name !== undefined && (name.length < NAME_MIN_LENGTH || name.length > MAX_NAME_LENGTH)) {
    throw new UsageError(`The name must have ${NAME_MIN_LENGTH} to ${MAX_NAME_LENGTH} characters`);
  }
  return { email, password, name, resetPassword };
}

/** Runs the command and answers the exit code: 0 done, 2 bad input, 1 anything else. */
export async function runAdminCreate(argv: readonly string[], env: NodeJS.ProcessEnv, io: CliOutput): Promise<number> {
  let args: AdminArgs | 'help';
  try {
    args = parseAdminArgs(argv, env);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    io.err(`Error: ${err.message}\n\n${USAGE}`);
    return 2;
  }
  if (args === 'help') {
    io.out(USAGE);
    return 0;
  }

  let config;
  try {
    config = loadConfig(env);
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    io.err(`Error: ${err.message}`);
    return 1;
  }

  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : join(config.dataDir, 'db');
  // PGlite: a running shop holds the folder, and an account written beside it would be lost at its next write.
  let releaseDataFolder: (() => Promise<void>) | undefined;
  if (!config.databaseUrl) {
    try {
      releaseDataFolder = await lockDataFolder(join(config.dataDir, 'db'), 'admin:create', (err) => {
        io.err(`Error: the lock on ${where} was lost (${err.message}); another process may be using the folder.`);
        process.exit(1);
      });
    } catch (err) {
      if (!(err instanceof DataFolderInUseError)) throw err;
      io.err(`Error: ${err.message}\nStop the shop, run admin:create, then start the shop again (the admin account stays).`);
      return 1;
    }
  }
  let database: Database;
  try {
    database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: join(config.dataDir, 'db'), poolSize: 1 });
  } catch (err) {
    io.err(`Error: cannot open the database at ${where}: ${(err as Error).message}`);
    await releaseDataFolder?.();
    return 1;
  }
  try {
    await migrateDatabase(database);
    const [before] = await database.db
      .select({ role: users.role })
      .from(users)
      .where(eq(users.email, args.email))
      .limit(1);
    await ensureAdmin(database.db, { email: args.email, password: args.password, name: args.name }, {
      resetPassword: args.resetPassword,
      // The operator named this account and is told below whether its password was kept.
      keepCustomerAccount: true,
    });

    if (!before) {
      io.out(`Created admin account ${args.email} (${args.name ?? 'Farm Admin'}) in ${where}.`);
    } else if (before.role !== ADMIN_ROLE) {
      io.out(
        `Made the existing account ${args.email} an admin` +
          (args.resetPassword ? ' and set the new password.' : '; its password is unchanged (add --reset-password to set it).'),
      );
    } else if (args.resetPassword) {
      io.out(`Set a new password for the admin ${args.email}; its older sessions are signed out.`);
    } else {
      io.out(`${args.email} is already an admin; nothing changed (add --reset-password to set a new password).`);
    }
    io.out(
      `Sign in at ${config.publicUrl}/${config.adminPrefix}/adminlogin with this email, the password and the admin secret key (ADMIN_SECRET_KEY).`,
    );
    return 0;
  } catch (err) {
    io.err(`Error: ${(err as Error).message}`);
    return 1;
  } finally {
    await database.close();
    await releaseDataFolder?.();
  }
}

function isEntryPoint(): boolean {
  const script = process.argv[1];
  if (!script) return false;
  try {
    return realpathSync(script) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (isEntryPoint()) {
  runAdminCreate(process.argv.slice(2), process.env, {
    out: (line) => console.log(line),
    err: (line) => console.error(line),
  })
    .then((code) => {
      process.exitCode = code;
    })
    .catch((err: unknown) => {
      console.error(err);
      process.exitCode = 1;
    });
}
