import type { FastifyInstance } from 'fastify';

export default async function currencyRoutes(_app: FastifyInstance): Promise<void> {}
