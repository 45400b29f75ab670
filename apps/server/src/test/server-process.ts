/** What the fault tests that start the real server (src/main.ts) as a child process share. */

/**
 * The environment of a server process on PGlite in `dataDir`, on a free port, logging at info (the tests read its
 * "Server listening at" line). PGlite whatever the run uses: these tests are about processes, not the database kind.
 */
export function serverProcessEnv(dataDir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'info',
  };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  return env;
}
