/** Blogs: rich HTML articles with an optional cover image. Content is sanitised when written. */
import { and, desc, eq, ne } from 'drizzle-orm';
import type { Blog, CreateBlogBody, UpdateBlogBody } from '@shop/domain/schemas/blogs';
import type { Db } from '../../db/client.js';
import { blogSlugHistory, blogs } from '../../db/schema.js';
import { sanitizeRichHtml } from '../../lib/html.js';
import { badRequest, isUniqueViolation, notFound } from '../../lib/http-errors.js';
import { discardImage, storeImage } from '../../lib/images.js';
import { uniqueSlug } from '../../lib/slug.js';
import type { Deps } from '../../plugins/deps.js';

const BLOG_NOT_FOUND = 'No blogs found';
export const BLOG_DELETED = 'Blog Deleted Successfully';
const IMAGE_FOLDER = 'blogs';
/** Two admins saving the same title at once: the loser takes the next free slug. */
const SLUG_ATTEMPTS = 3;

export type BlogsDeps = Pick<Deps, 'db' | 'storage' | 'now' | 'log'>;

type BlogRow = typeof blogs.$inferSelect;

function toBlog(row: BlogRow): Blog {
  return {
    _id: row.id,
    title: row.title,
    slug: row.slug,
    content: row.content,
    ...(row.image ? { image: row.image } : {}),
  };
}

function cleanContent(html: string): string {
  const content = sanitizeRichHtml(html);
  if (!content) throw badRequest('content has no text left once unsafe HTML is removed');
  return content;
}

function cleanTitle(title: string): string {
  const trimmed = title.trim();
  if (!trimmed) throw badRequest('title must not be blank');
  return trimmed;
}

/** A free slug for `title`; `exceptId` is the blog being renamed, whose own slug stays usable. */
function freeSlug(db: Db, title: string, exceptId?: string): Promise<string> {
  return uniqueSlug(title, async (slug) => {
    const where = exceptId ? and(eq(blogs.slug, slug), ne(blogs.id, exceptId)) : eq(blogs.slug, slug);
    const [hit] = await db.select({ id: blogs.id }).from(blogs).where(where).limit(1);
    return Boolean(hit);
  });
}

async function withSlugRetry<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      if (!isUniqueViolation(err) || attempt >= SLUG_ATTEMPTS) throw err;
    }
  }
}

async function listBlogs(db: Db): Promise<Blog[]> {
  const rows = await db.select().from(blogs).orderBy(desc(blogs.createdAt), desc(blogs.id));
  return rows.map(toBlog);
}

async function getBlogBySlug(db: Db, slug: string): Promise<Blog> {
  const [row] = await db.select().from(blogs).where(eq(blogs.slug, slug.toLowerCase())).limit(1);
  if (!row) throw notFound(BLOG_NOT_FOUND);
  return toBlog(row);
}

async function createBlog(deps: BlogsDeps, body: CreateBlogBody): Promise<Blog> {
  const title = cleanTitle(body.title);
  const content = cleanContent(body.content);
  const image = body.image ? await storeImage(deps.storage, body.image, IMAGE_FOLDER) : null;
  try {
    const row = await withSlugRetry(async () => {
      const slug = await freeSlug(deps.db, title);
      const now = deps.now();
      const [inserted] = await deps.db
        .insert(blogs)
        .values({ title, slug, content, image, createdAt: now, updatedAt: now })
        .returning();
      return inserted!;
    });
    return toBlog(row);
  } catch (err) {
    await discardImage(deps, image, 'blog');
    throw err;
  }
}

async function updateBlog(deps: BlogsDeps, id: string, body: UpdateBlogBody): Promise<Blog> {
  const [current] = await deps.db.select().from(blogs).where(eq(blogs.id, id)).limit(1);
  if (!current) throw notFound(BLOG_NOT_FOUND);
  const title = body.title === undefined ? undefined : cleanTitle(body.title);
  const content = body.content === undefined ? undefined : cleanContent(body.content);
  // `old_image` from the client is not trusted: the image replaced is the blog's own.
  const image = body.image ? await storeImage(deps.storage, body.image, IMAGE_FOLDER) : undefined;
  let row: BlogRow;
  try {
    row = await withSlugRetry(async () => {
      const slug = title !== undefined && title !== current.title ? await freeSlug(deps.db, title, id) : undefined;
      const [updated] = await deps.db
        .update(blogs)
        .set({
          ...(title !== undefined ? { title } : {}),
          ...(slug !== undefined ? { slug } : {}),
          ...(content !== undefined ? { content } : {}),
          ...(image !== undefined ? { image } : {}),
          updatedAt: deps.now(),
        })
        .where(eq(blogs.id, id))
        .returning();
      if (!updated) throw notFound(BLOG_NOT_FOUND);
      // The old address keeps working (301, see modules/seo).
      if (slug !== undefined && slug !== current.slug) {
        await deps.db
          .insert(blogSlugHistory)
          .values({ oldSlug: current.slug, blogId: id })
          .onConflictDoUpdate({ target: blogSlugHistory.oldSlug, set: { blogId: id } });
      }
      return updated;
    });
  } catch (err) {
    await discardImage(deps, image, 'blog');
    throw err;
  }
  if (image !== undefined && current.image && current.image !== image) await discardImage(deps, current.image, 'blog');
  return toBlog(row);
}

async function deleteBlog(deps: BlogsDeps, id: string): Promise<void> {
  const [row] = await deps.db.delete(blogs).where(eq(blogs.id, id)).returning({ image: blogs.image });
  if (!row) throw notFound(BLOG_NOT_FOUND);
  await discardImage(deps, row.image, 'blog');
}

export function createBlogsService(deps: BlogsDeps) {
  return {
    list: () => listBlogs(deps.db),
    getBySlug: (slug: string) => getBlogBySlug(deps.db, slug),
    create: (body: CreateBlogBody) => createBlog(deps, body),
    update: (id: string, body: UpdateBlogBody) => updateBlog(deps, id, body),
    remove: (id: string) => deleteBlog(deps, id),
  };
}
