import { Type, type Static } from '@sinclair/typebox';
import { IdSchema, ImageDataUrlSchema, ImageUrlSchema } from './common.js';

export const BlogSchema = Type.Object(
  {
    _id: IdSchema,
    title: Type.String(),
    slug: Type.String(),
    /** Rich HTML, sanitised by the server. */
    content: Type.String(),
    image: Type.Optional(ImageUrlSchema),
  },
  { $id: 'Blog' },
);
export type Blog = Static<typeof BlogSchema>;

export const BlogsResponseSchema = Type.Object({ blogs: Type.Array(BlogSchema) });
export type BlogsResponse = Static<typeof BlogsResponseSchema>;
export const BlogResponseSchema = Type.Object({ blog: BlogSchema });
export type BlogResponse = Static<typeof BlogResponseSchema>;

export const CreateBlogBodySchema = Type.Object({
  title: Type.String({ minLength: 1, maxLength: 200 }),
  content: Type.String({ minLength: 1, maxLength: 200_000 }),
  image: Type.Optional(ImageDataUrlSchema),
});
export type CreateBlogBody = Static<typeof CreateBlogBodySchema>;

export const UpdateBlogBodySchema = Type.Object({
  title: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  content: Type.Optional(Type.String({ minLength: 1, maxLength: 200_000 })),
  image: Type.Optional(ImageDataUrlSchema),
  old_image: Type.Optional(Type.String({ maxLength: 2000 })),
});
export type UpdateBlogBody = Static<typeof UpdateBlogBodySchema>;
