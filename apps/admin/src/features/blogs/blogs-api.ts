import type { CreateBlogBody, UpdateBlogBody } from '@shop/domain/schemas/blogs';
import { api, run } from '../../lib/api';

export const blogsApi = api.injectEndpoints({
  endpoints: (build) => ({
    allBlogs: build.query({
      queryFn: (_arg: void, { extra }) => run(extra, (c) => c.store.blogs()),
      providesTags: ['Blogs'],
    }),
    blogBySlug: build.query({
      queryFn: (slug: string, { extra }) => run(extra, (c) => c.store.blog(slug)),
      // No tag, as for products: a retitled blog's old slug would only answer 404.
      keepUnusedDataFor: 5,
    }),
    createBlog: build.mutation({
      queryFn: (body: CreateBlogBody, { extra }) => run(extra, (c) => c.admin.createBlog(body)),
      invalidatesTags: ['Blogs'],
    }),
    updateBlog: build.mutation({
      queryFn: ({ id, body }: { id: string; body: UpdateBlogBody }, { extra }) => run(extra, (c) => c.admin.updateBlog(id, body)),
      invalidatesTags: ['Blogs'],
    }),
    deleteBlog: build.mutation({
      queryFn: (id: string, { extra }) => run(extra, (c) => c.admin.deleteBlog(id)),
      invalidatesTags: ['Blogs'],
    }),
  }),
});

export const { useAllBlogsQuery, useBlogBySlugQuery, useCreateBlogMutation, useUpdateBlogMutation, useDeleteBlogMutation } =
  blogsApi;
