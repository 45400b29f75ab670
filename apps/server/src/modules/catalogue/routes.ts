import type { FastifyInstance } from 'fastify';

export default async function catalogueRoutes(_app: FastifyInstance): Promise<void> {}
