import type { Blog } from '@shop/domain/schemas/blogs';
import { api } from '../../../lib/api';

const blogsApi = api.injectEndpoints({
  endpoints: (build) => ({
    blogs: build.query<Blog[], void>({
      query: () => async (c) => (await c.store.blogs()).blogs,
    }),
    blog: build.query<Blog, string>({
      query: (slug) => async (c) => (await c.store.blog(slug)).blog,
      // The spec: a failed single blog is only logged.
      extraOptions: { silent: true },
    }),
  }),
});

export const { useBlogsQuery, useBlogQuery } = blogsApi;
