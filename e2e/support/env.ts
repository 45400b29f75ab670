import { join } from 'node:path';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 4319);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
/** A second origin serving an admin build that calls the API on E2E_BASE_URL (the admin on its own host). */
export const E2E_ADMIN_PORT = Number(process.env.E2E_ADMIN_PORT ?? E2E_PORT + 1);
export const E2E_ADMIN_ORIGIN = `http://127.0.0.1:${E2E_ADMIN_PORT}`;
export const E2E_DATA_DIR = join(import.meta.dirname, '.data');
export const E2E_OUTBOX_DIR = join(E2E_DATA_DIR, 'outbox');
export const ADMIN_PREFIX = 'shuddh';
/** The demo admin the server seeds when ADMIN_* are not set. */
export const DEMO_ADMIN = { email: 'admin@shuddhfarm.in', password: 'farm-admin-2026', secretKey: 'demo-secret-key' };
