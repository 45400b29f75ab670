import type { FastifyInstance } from 'fastify';

export default async function slidersRoutes(_app: FastifyInstance): Promise<void> {}
