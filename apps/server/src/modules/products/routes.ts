/**
 * /api/products/...: storefront lists, detail, related and search; admin list, create, update, delete, dashboard.
 * Static segments (list, highlighted, dashboard, search, category, solutions, related-products, and the
 * cart and currency modules' getcart, currencyExchangeRates) win over `:slug` in the router; product
 * slugs never take one of those words.
 */
import { IdParamsSchema, MessageResponseSchema, SlugParamsSchema } from '@shop/domain/schemas/common';
import {
  CountResponseSchema,
  CreateProductBodySchema,
  PageParamsSchema,
  ProductMessageResponseSchema,
  ProductResponseSchema,
  ProductsDashboardResponseSchema,
  ProductsResponseSchema,
  RelatedParamsSchema,
  SearchParamsSchema,
  SlugPageParamsSchema,
  UpdateProductBodySchema,
} from '@shop/domain/schemas/products';
import { ERROR_RESPONSES, okOrError } from '../../lib/route-schemas.js';
import { READ_MODEL_ROUTE } from '../../plugins/read-model.js';
import { defineRoutes } from '../../lib/routes.js';

export default defineRoutes(async function productsRoutes(app) {
  const service = app.services.products;
  const admin = { onRequest: [app.requireAdmin] };

  // Storefront

  app.get(
    '/products/list/:page',
    { ...READ_MODEL_ROUTE, schema: { params: PageParamsSchema, response: okOrError(ProductsResponseSchema) } },
    (request, reply) => app.answerFromReadModel(request, reply, async () => ({ products: await service.listPage(request.params.page) })),
  );

  app.get('/products/highlighted', { ...READ_MODEL_ROUTE, schema: { response: okOrError(ProductsResponseSchema) } }, (request, reply) =>
    app.answerFromReadModel(request, reply, async () => ({ products: await service.listHighlighted() })),
  );

  app.get(
    '/products/related-products/:productId/:categoryId',
    { ...READ_MODEL_ROUTE, schema: { params: RelatedParamsSchema, response: okOrError(ProductsResponseSchema) } },
    (request, reply) =>
      app.answerFromReadModel(request, reply, async () => ({
        products: await service.listRelated(request.params.productId, request.params.categoryId),
      })),
  );

  app.get(
    '/products/category/:slug/count',
    { ...READ_MODEL_ROUTE, schema: { params: SlugParamsSchema, response: okOrError(CountResponseSchema) } },
    (request, reply) => app.answerFromReadModel(request, reply, async () => ({ count: await service.countInCategory(request.params.slug) })),
  );

  // One page of a category's or a solution's products.
  for (const [kind, listPage] of [
    ['category', service.listCategoryPage],
    ['solutions', service.listSolutionPage],
  ] as const) {
    app.get(
      `/products/${kind}/:slug/:page`,
      { ...READ_MODEL_ROUTE, schema: { params: SlugPageParamsSchema, response: okOrError(ProductsResponseSchema) } },
      (request, reply) =>
        app.answerFromReadModel(request, reply, async () => ({ products: await listPage(request.params.slug, request.params.page) })),
    );
  }

  // An empty query (`search/`) finds nothing rather than falling through to `:slug`.
  app.get('/products/search', { schema: { response: okOrError(ProductsResponseSchema) } }, async () => ({
    products: [],
  }));

  app.get(
    '/products/search/:query',
    { ...READ_MODEL_ROUTE, schema: { params: SearchParamsSchema, response: okOrError(ProductsResponseSchema) } },
    (request, reply) =>
      app.answerFromReadModel(request, reply, async () => {
        const vocabulary = await app.readModel.memo('search-vocabulary', () => service.searchVocabulary());
        return { products: await service.search(request.params.query, vocabulary) };
      }),
  );

  app.get(
    '/products/:slug',
    { ...READ_MODEL_ROUTE, schema: { params: SlugParamsSchema, response: okOrError(ProductResponseSchema) } },
    (request, reply) => app.answerFromReadModel(request, reply, async () => ({ product: await service.getBySlug(request.params.slug) })),
  );

  // Admin

  app.get('/products', { ...admin, schema: { response: okOrError(ProductsResponseSchema) } }, async () => ({
    products: await service.listAll(),
  }));

  app.get(
    '/products/dashboard',
    { ...admin, schema: { response: okOrError(ProductsDashboardResponseSchema) } },
    async () => service.dashboard(),
  );

  app.post(
    '/products',
    { ...admin, schema: { body: CreateProductBodySchema, response: { 201: ProductMessageResponseSchema, ...ERROR_RESPONSES } } },
    async (request, reply) => {
      const product = await service.create(request.body);
      return reply.status(201).send({ product, message: 'Product created successfully' });
    },
  );

  app.put(
    '/products/:id',
    {
      ...admin,
      schema: { params: IdParamsSchema, body: UpdateProductBodySchema, response: okOrError(ProductMessageResponseSchema) },
    },
    async (request) => ({
      product: await service.update(request.params.id, request.body),
      message: 'Product updated successfully',
    }),
  );

  app.delete(
    '/products/:id',
    { ...admin, schema: { params: IdParamsSchema, response: okOrError(MessageResponseSchema) } },
    async (request) => {
      await service.remove(request.params.id);
      return { message: 'Product deleted successfully' };
    },
  );
});
