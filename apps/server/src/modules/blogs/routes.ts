/** GET /blogs, GET /blogs/:slug (public); POST /blogs, PUT /blogs/:id, DELETE /blogs/:id (admin). */
import {
  BlogResponseSchema,
  BlogsResponseSchema,
  CreateBlogBodySchema,
  UpdateBlogBodySchema,
} from '@shop/domain/schemas/blogs';
import { IdParamsSchema, MessageResponseSchema, SlugParamsSchema } from '@shop/domain/schemas/common';
import { BLOG_DELETED } from './service.js';
import { okOrError } from '../../lib/route-schemas.js';
import { READ_MODEL_ROUTE } from '../../plugins/read-model.js';
import { adminRoute, defineRoutes } from '../../lib/routes.js';

export default defineRoutes(async function blogsRoutes(app) {
  const { blogs } = app.services;

  app.get('/blogs', { ...READ_MODEL_ROUTE, schema: { response: okOrError(BlogsResponseSchema) } }, (request, reply) =>
    app.answerFromReadModel(request, reply, async () => ({ blogs: await blogs.list() })),
  );

  app.get(
    '/blogs/:slug',
    { ...READ_MODEL_ROUTE, schema: { params: SlugParamsSchema, response: okOrError(BlogResponseSchema) } },
    (request, reply) => app.answerFromReadModel(request, reply, async () => ({ blog: await blogs.getBySlug(request.params.slug) })),
  );

  app.post('/blogs', adminRoute(app, { body: CreateBlogBodySchema, response: okOrError(BlogResponseSchema) }), async (request) => ({
    blog: await blogs.create(request.body),
  }));

  app.put(
    '/blogs/:id',
    adminRoute(app, { params: IdParamsSchema, body: UpdateBlogBodySchema, response: okOrError(BlogResponseSchema) }),
    async (request) => ({ blog: await blogs.update(request.params.id, request.body) }),
  );

  app.delete('/blogs/:id', adminRoute(app, { params: IdParamsSchema, response: okOrError(MessageResponseSchema) }), async (request) => {
    await blogs.remove(request.params.id);
    return { message: BLOG_DELETED };
  });
});
