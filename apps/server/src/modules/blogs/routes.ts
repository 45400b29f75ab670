/** GET /blogs, GET /blogs/:slug (public); POST /blogs, PUT /blogs/:id, DELETE /blogs/:id (admin). */
import {
  BlogResponseSchema,
  BlogsResponseSchema,
  CreateBlogBodySchema,
  UpdateBlogBodySchema,
} from '@shop/domain/schemas/blogs';
import { IdParamsSchema, MessageResponseSchema, SlugParamsSchema } from '@shop/domain/schemas/common';
import { BLOG_DELETED } from './service.js';
import { ERROR_RESPONSES } from '../../lib/route-schemas.js';
import { READ_MODEL_ROUTE } from '../../plugins/read-model.js';
import { defineRoutes } from '../../lib/routes.js';

export default defineRoutes(async function blogsRoutes(app) {
  const { blogs } = app.services;

  app.get('/blogs', { ...READ_MODEL_ROUTE, schema: { response: { 200: BlogsResponseSchema, ...ERROR_RESPONSES } } }, (request, reply) =>
    app.answerFromReadModel(request, reply, async () => ({ blogs: await blogs.list() })),
  );

  app.get(
    '/blogs/:slug',
    { ...READ_MODEL_ROUTE, schema: { params: SlugParamsSchema, response: { 200: BlogResponseSchema, ...ERROR_RESPONSES } } },
    (request, reply) => app.answerFromReadModel(request, reply, async () => ({ blog: await blogs.getBySlug(request.params.slug) })),
  );

  app.post(
    '/blogs',
    {
      onRequest: [app.requireAdmin],
      schema: {
        body: CreateBlogBodySchema,
        response: { 200: BlogResponseSchema, ...ERROR_RESPONSES },
      },
    },
    async (request) => ({ blog: await blogs.create(request.body) }),
  );

  app.put(
    '/blogs/:id',
    {
      onRequest: [app.requireAdmin],
      schema: {
        params: IdParamsSchema,
        body: UpdateBlogBodySchema,
        response: { 200: BlogResponseSchema, ...ERROR_RESPONSES },
      },
    },
    async (request) => ({ blog: await blogs.update(request.params.id, request.body) }),
  );

  app.delete(
    '/blogs/:id',
    {
      onRequest: [app.requireAdmin],
      schema: {
        params: IdParamsSchema,
        response: { 200: MessageResponseSchema, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      await blogs.remove(request.params.id);
      return { message: BLOG_DELETED };
    },
  );
});
