/** Categories (/api/category) and solutions (/api/solutions): public lists, admin create, rename, delete. */
import type { TSchema } from '@sinclair/typebox';
import {
  CategoriesResponseSchema,
  CategoryResponseSchema,
  NameBodySchema,
  SolutionResponseSchema,
  SolutionsResponseSchema,
} from '@shop/domain/schemas/catalogue';
import { IdParamsSchema, MessageResponseSchema } from '@shop/domain/schemas/common';
import { ERROR_RESPONSES, okOrError } from '../../lib/route-schemas.js';
import { defineRoutes, type TypedApp } from '../../lib/routes.js';
import { READ_MODEL_ROUTE } from '../../plugins/read-model.js';
import type { Taxonomy } from './service.js';

/** One named list's routes: the public list, and admin create, rename and delete. Categories and solutions share them. */
interface TaxonomyRoutes {
  path: string;
  /** The list answer's key (`categories`) and a created row's key (`category`). */
  listKey: string;
  itemKey: string;
  listSchema: TSchema;
  itemSchema: TSchema;
}

function registerTaxonomyRoutes(app: TypedApp, service: Taxonomy, { path, listKey, itemKey, listSchema, itemSchema }: TaxonomyRoutes) {
  app.get(path, { ...READ_MODEL_ROUTE, schema: { response: { 200: listSchema } } }, (request, reply) =>
    app.answerFromReadModel(request, reply, async () => ({ [listKey]: await service.list() })),
  );

  app.post(
    path,
    { onRequest: [app.requireAdmin], schema: { body: NameBodySchema, response: { 201: itemSchema, ...ERROR_RESPONSES } } },
    async (request, reply) => {
      const row = await service.create(request.body.name);
      return reply.status(201).send({ [itemKey]: row });
    },
  );

  app.put(
    `${path}/:id`,
    {
      onRequest: [app.requireAdmin],
      schema: { params: IdParamsSchema, body: NameBodySchema, response: okOrError(MessageResponseSchema) },
    },
    async (request) => {
      await service.rename(request.params.id, request.body.name);
      return { message: service.texts.updated };
    },
  );

  app.delete(
    `${path}/:id`,
    { onRequest: [app.requireAdmin], schema: { params: IdParamsSchema, response: okOrError(MessageResponseSchema) } },
    async (request) => {
      await service.remove(request.params.id);
      return { message: service.texts.deleted };
    },
  );
}

export default defineRoutes(async function catalogueRoutes(app) {
  const { categories, solutions } = app.services.catalogue;
  registerTaxonomyRoutes(app, categories, {
    path: '/category',
    listKey: 'categories',
    itemKey: 'category',
    listSchema: CategoriesResponseSchema,
    itemSchema: CategoryResponseSchema,
  });
  registerTaxonomyRoutes(app, solutions, {
    path: '/solutions',
    listKey: 'solutions',
    itemKey: 'solution',
    listSchema: SolutionsResponseSchema,
    itemSchema: SolutionResponseSchema,
  });
});
