import type { CreateBlogBody, UpdateBlogBody } from '@shop/domain/schemas/blogs';
import { fromClient } from '@shop/app-kit/base-query';
import { api } from '../../lib/api';

export const blogsApi = api.injectEndpoints({
  endpoints: (build) => ({
    allBlogs: build.query({
      ...fromClient((_arg: void, c) => c.store.blogs()),
      providesTags: ['Blogs'],
    }),
    blogBySlug: build.query({
      ...fromClient((slug: string, c) => c.store.blog(slug)),
      // No tag, as for products: a retitled blog's old slug would only answer 404.
      keepUnusedDataFor: 5,
    }),
    createBlog: build.mutation({
      ...fromClient((body: CreateBlogBody, c) => c.admin.createBlog(body)),
      invalidatesTags: ['Blogs'],
    }),
    updateBlog: build.mutation({
      ...fromClient(({ id, body }: { id: string; body: UpdateBlogBody }, c) => c.admin.updateBlog(id, body)),
      invalidatesTags: ['Blogs'],
    }),
    deleteBlog: build.mutation({
      ...fromClient((id: string, c) => c.admin.deleteBlog(id)),
      invalidatesTags: ['Blogs'],
    }),
  }),
});

export const { useAllBlogsQuery, useBlogBySlugQuery, useCreateBlogMutation, useUpdateBlogMutation, useDeleteBlogMutation } =
  blogsApi;
