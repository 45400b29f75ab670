#!/usr/bin/env node
/**
 * The yardstick: a bare Fastify 5 `{ hello: 'world' }` on PORT, nothing else (no plugins, no logger), the most any
 * Fastify route can do on this machine. catalogue.mjs runs it in the same run as the shop's reads.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const { default: Fastify } = await import(pathToFileURL(join(here, '..', 'apps', 'server', 'node_modules', 'fastify', 'fastify.js')).href);
const app = Fastify();
app.get('/hello', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
