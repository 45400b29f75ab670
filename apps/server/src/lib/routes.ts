/** How a module declares its routes: one typed plugin, registered under /api by app.ts. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifySchema } from 'fastify';

/** The app as a routes plugin sees it: each request and reply typed by its route's TypeBox schemas. */
export type TypedApp = Parameters<FastifyPluginAsyncTypebox>[0];

/**
 * A module's routes plugin (`export default defineRoutes(async function xRoutes(app) { ... })`): `app` is already typed
 * by TypeBox, so no route file calls `withTypeProvider` itself. The function's name is the plugin's name in Fastify's
 * own errors (a plugin timeout names it).
 */
export const defineRoutes = (plugin: FastifyPluginAsyncTypebox): FastifyPluginAsyncTypebox => plugin;

/** An admin-only route's options: the admin's session is checked on request, before its schemas validate anything. */
export const adminRoute = <S extends FastifySchema>(app: TypedApp, schema: S) => ({ onRequest: [app.requireAdmin], schema });
