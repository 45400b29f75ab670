import type { FastifyInstance } from 'fastify';

export default async function blogsRoutes(_app: FastifyInstance): Promise<void> {}
