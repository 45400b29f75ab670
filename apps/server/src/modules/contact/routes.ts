import type { FastifyInstance } from 'fastify';

export default async function contactRoutes(_app: FastifyInstance): Promise<void> {}
