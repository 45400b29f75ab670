/** Categories (/api/category) and solutions (/api/solutions): public lists, admin create, rename, delete. */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  CategoriesResponseSchema,
  CategoryResponseSchema,
  NameBodySchema,
  SolutionResponseSchema,
  SolutionsResponseSchema,
} from '@shop/domain/schemas/catalogue';
import { IdParamsSchema, MessageResponseSchema } from '@shop/domain/schemas/common';
import { ERROR_RESPONSES } from '../../lib/route-schemas.js';
import { READ_MODEL_ROUTE } from '../../plugins/read-model.js';

export default async function catalogueRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { categories: categoryService, solutions: solutionService } = app.services.catalogue;

  // Categories
  app.get('/category', { ...READ_MODEL_ROUTE, schema: { response: { 200: CategoriesResponseSchema } } }, (request, reply) =>
    app.answerFromReadModel(request, reply, async () => ({ categories: await categoryService.list() })),
  );

  app.post(
    '/category',
    { onRequest: [app.requireAdmin], schema: { body: NameBodySchema, response: { 201: CategoryResponseSchema, ...ERROR_RESPONSES } } },
    async (request, reply) => {
      const category = await categoryService.create(request.body.name);
      return reply.status(201).send({ category });
    },
  );

  app.put(
    '/category/:id',
    {
      onRequest: [app.requireAdmin],
      schema: { params: IdParamsSchema, body: NameBodySchema, response: { 200: MessageResponseSchema, ...ERROR_RESPONSES } },
    },
    async (request) => {
      await categoryService.rename(request.params.id, request.body.name);
      return { message: categoryService.texts.updated };
    },
  );

  app.delete(
    '/category/:id',
    { onRequest: [app.requireAdmin], schema: { params: IdParamsSchema, response: { 200: MessageResponseSchema, ...ERROR_RESPONSES } } },
    async (request) => {
      await categoryService.remove(request.params.id);
      return { message: categoryService.texts.deleted };
    },
  );

  // Solutions
  app.get('/solutions', { ...READ_MODEL_ROUTE, schema: { response: { 200: SolutionsResponseSchema } } }, (request, reply) =>
    app.answerFromReadModel(request, reply, async () => ({ solutions: await solutionService.list() })),
  );

  app.post(
    '/solutions',
    { onRequest: [app.requireAdmin], schema: { body: NameBodySchema, response: { 201: SolutionResponseSchema, ...ERROR_RESPONSES } } },
    async (request, reply) => {
      const solution = await solutionService.create(request.body.name);
      return reply.status(201).send({ solution });
    },
  );

  app.put(
    '/solutions/:id',
    {
      onRequest: [app.requireAdmin],
      schema: { params: IdParamsSchema, body: NameBodySchema, response: { 200: MessageResponseSchema, ...ERROR_RESPONSES } },
    },
    async (request) => {
      await solutionService.rename(request.params.id, request.body.name);
      return { message: solutionService.texts.updated };
    },
  );

  app.delete(
    '/solutions/:id',
    { onRequest: [app.requireAdmin], schema: { params: IdParamsSchema, response: { 200: MessageResponseSchema, ...ERROR_RESPONSES } } },
    async (request) => {
      await solutionService.remove(request.params.id);
      return { message: solutionService.texts.deleted };
    },
  );
}
