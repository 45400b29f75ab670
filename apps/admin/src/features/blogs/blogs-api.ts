import type { CreateBlogBody, UpdateBlogBody } from '@shop/domain/schemas/blogs';
import { fromClient } from '@shop/app-kit/base-query';
import { api, reads, writes } from '../../lib/api';

export const blogsApi = api.injectEndpoints({
  endpoints: (build) => ({
    allBlogs: build.query(reads((_arg: void, c) => c.store.blogs(), ['Blogs'])),
    blogBySlug: build.query({
      ...fromClient((slug: string, c) => c.store.blog(slug)),
      // No tag, as for products: a retitled blog's old slug would only answer 404.
      keepUnusedDataFor: 5,
    }),
    createBlog: build.mutation(writes((body: CreateBlogBody, c) => c.admin.createBlog(body), ['Blogs'])),
    updateBlog: build.mutation(writes(({ id, body }: { id: string; body: UpdateBlogBody }, c) => c.admin.updateBlog(id, body), ['Blogs'])),
    deleteBlog: build.mutation(writes((id: string, c) => c.admin.deleteBlog(id), ['Blogs'])),
  }),
});

export const { useAllBlogsQuery, useBlogBySlugQuery, useCreateBlogMutation, useUpdateBlogMutation, useDeleteBlogMutation } =
  blogsApi;
