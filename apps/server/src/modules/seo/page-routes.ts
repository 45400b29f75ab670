/**
 * The storefront's HTML documents (see pages.ts): registered by app.ts when the storefront is built.
 * Every document is `no-cache` with an ETag, so a returning visitor revalidates (a 304 when nothing changed)
 * and picks up a deploy on the next visit; @fastify/compress compresses it for the wire.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { imageSrcSet } from '@shop/domain/images';
import { productJsonLd } from '@shop/domain/product-json-ld';
import type { Product } from '@shop/domain/schemas/products';
import type { Db } from '../../db/client.js';
import {
  blogSlugHistory,
  blogs,
  categories,
  categorySlugHistory,
  productSlugHistory,
  productVariants,
  products,
  solutionSlugHistory,
  solutions,
} from '../../db/schema.js';
import { etagMatches, REVALIDATE } from '../../plugins/static-files.js';
import { isSlugShaped } from '../catalogue/index.js';
import { APP_ROUTES, absoluteUrl, renderHead, routeFiles, summary, type PageHead, type ViteManifest } from './pages.js';
import { storefrontRenderer } from './render.js';

/**
 * Client-side routes drawn on the server too: public pages whose content is the same for every visitor. The
 * visitor's own pages (cart, sign-in, account) depend on what the browser holds, so the browser draws them.
 */
const RENDERED_APP_ROUTES = /^\/(allproducts|blogs|about-us|privacy-and-policy)?$/;

const homeDescription = (brand: string) =>
  `${brand}: pure A2 cow ghee, milk products and Ayurvedic hair oil from a small organic farm. Reviving tradition, nourishing generations.`;

/** Answers `null` instead of throwing for a missing row (the services throw 404 errors). */
async function orNull<T>(promise: Promise<T>): Promise<T | null> {
  try {
    return await promise;
  } catch (err) {
    if ((err as { statusCode?: number }).statusCode === 404) return null;
    throw err;
  }
}

function productHead(publicUrl: string, brand: string, product: Product, files: PageHead['files']): PageHead {
  const path = `/products/${encodeURIComponent(product.slug)}`;
  const description = summary(product.shortdesc || product.description) || `${product.name} from ${brand}`;
  return {
    title: product.name,
    description,
    path,
    type: 'product',
    files,
    image: product.image,
    ...(product.image ? { preload: { href: product.image, srcset: imageSrcSet(product.image), sizes: '(max-width: 767px) 100vw, 560px' } } : {}),
    jsonLd: productJsonLd(product, { origin: publicUrl, brand }),
  };
}

/** Where each kind of page keeps the slugs it had before a rename, so an old address can answer 301. */
const SLUG_HISTORY = {
  product: { rows: products, history: productSlugHistory, ownerId: productSlugHistory.productId },
  blog: { rows: blogs, history: blogSlugHistory, ownerId: blogSlugHistory.blogId },
  category: { rows: categories, history: categorySlugHistory, ownerId: categorySlugHistory.categoryId },
  solutions: { rows: solutions, history: solutionSlugHistory, ownerId: solutionSlugHistory.solutionId },
};

/** The current slug of the row that was at `oldSlug` before a rename, if any. */
async function renamedSlug(db: Db, kind: keyof typeof SLUG_HISTORY, oldSlug: string): Promise<string | undefined> {
  const { rows, history, ownerId } = SLUG_HISTORY[kind];
  const [row] = await db
    .select({ slug: rows.slug })
    .from(history)
    .innerJoin(rows, eq(rows.id, ownerId))
    .where(eq(history.oldSlug, oldSlug))
    .limit(1);
  return row?.slug;
}

/**
 * Where a product's old address now lives: `/products/<slug>`, with `?variant=<id>` when the old address was a
 * product merged into another as one of its sizes (the size still on sale). A product removed from the shop has none.
 */
async function renamedProductPath(db: Db, oldSlug: string): Promise<string | undefined> {
  const [row] = await db
    .select({ slug: products.slug, variantId: productVariants.id })
    .from(productSlugHistory)
    .innerJoin(products, and(eq(products.id, productSlugHistory.productId), isNull(products.removedAt)))
    .leftJoin(
      productVariants,
      and(
        eq(productVariants.id, productSlugHistory.variantId),
        eq(productVariants.productId, products.id),
        isNull(productVariants.removedAt),
      ),
    )
    .where(eq(productSlugHistory.oldSlug, oldSlug))
    .limit(1);
  if (!row) return undefined;
  const path = `/products/${encodeURIComponent(row.slug)}`;
  return row.variantId ? `${path}?variant=${row.variantId}` : path;
}

export type PageHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;

/**
 * Registers the pages that need data (home, product, blog, category, solution) on `app`, built from the
 * storefront's index.html (`template`). Answers the handler for every other GET: the client-side routes
 * without data of their own (login, cart, ...) and, for anything else, the 404 page.
 */
const HTML = 'text/html; charset=utf-8';

export function registerStorefrontPages(app: FastifyInstance, template: string, manifest: ViteManifest = {}): PageHandler {
  const { db, config } = app.deps;
  const { blogs: blogsService, products: productsService, sliders: slidersService } = app.services;
  // The storefront's build names the page module each route draws (its vite-route-modules.ts); the lazily loaded
  // parts of a page are drawn by the server render too, so their files count as the page's.
  const routeModulesFile = join(config.storefrontDist, '.vite', 'route-modules.json');
  const routeModules = (existsSync(routeModulesFile) ? JSON.parse(readFileSync(routeModulesFile, 'utf8')) : {}) as Record<string, string>;
  const files = (route: string) => routeFiles(manifest, routeModules[route] ?? '', true);
  const FILES = {
    home: files('/'),
    product: files('/products/:slug'),
    blog: files('/blogs/:slug'),
    category: files('/category/:slug'),
    solutions: files('/solutions/:slug'),
    notFound: files('/*'),
  };
  /** Client-side routes whose page module is worth fetching with the entry. */
  const APP_ROUTE_FILES = new Map(['/allproducts', '/cart', '/blogs', '/login', '/about-us', '/privacy-and-policy'].map((route) => [route, files(route)]));
  const brand = config.brandName;
  const renderPage = storefrontRenderer(app, config.storefrontDist, config.publicUrl);
  const cssCache = new Map<string, string>();
  /** A built CSS file's text (`/assets/x.css`), read once; `</` cannot occur in Vite's minified CSS output. */
  const readCss = (href: string) => {
    let css = cssCache.get(href);
    if (css === undefined) {
      const path = join(config.storefrontDist, href);
      css = existsSync(path) ? readFileSync(path, 'utf8').replace(/<\/style/gi, '<\\/style') : '';
      cssCache.set(href, css);
    }
    return css;
  };

  /** A page's head, or, at its address, what makes it when the page has to be drawn (not kept in the read model). */
  type HeadSource = PageHead | { path: string; make: () => Promise<PageHead> };

  /** The page's document; `render`: with the page drawn on the server (see render.ts). */
  const documentOf = async (url: string, head: PageHead, render: boolean) => {
    const body = render && renderPage ? await renderPage(url) : undefined;
    const styles = body && head.files ? head.files.css.map(readCss) : undefined;
    // A drawn product page carries its own JSON-LD (the app's, which follows client-side navigation): one per page.
    const { jsonLd, ...rest } = head;
    const ownJsonLd = body?.html.includes('application/ld+json') ? undefined : jsonLd;
    return renderHead(template, config.publicUrl, brand, { ...rest, ...(ownJsonLd ? { jsonLd: ownJsonLd } : {}), ...(styles ? { styles } : {}) }, body);
  };

  /**
   * A page depends only on its address and the catalogue (every visitor is drawn signed out), so a drawn page asked
   * for at its canonical address is made once (the render takes two or three React passes) and kept in the read
   * model with its ETag and compressed bytes, dropped with the answers it was drawn from. Everything else is made
   * each time: not-found pages, query strings, other spellings of an address (/products/GHEE, %-escapes) and the
   * pages left to the browser (tokens in their paths), so what a crawler makes up cannot fill memory.
   */
  const sendPage = async (request: FastifyRequest, reply: FastifyReply, status: number, head: HeadSource, render = true) => {
    const made = async () => documentOf(request.url, 'make' in head ? await head.make() : head, render);
    if (status === 200 && render && request.url === head.path) {
      await app.answerFromReadModel(request, reply, made, { cacheControl: REVALIDATE, textType: HTML });
      return reply;
    }
    const html = await made();
    const etag = `"${createHash('sha1').update(html).digest('base64url').slice(0, 22)}"`;
    void reply.header('cache-control', REVALIDATE).header('etag', etag).header('vary', 'accept-encoding');
    if (status === 200 && etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();
    return reply.code(status).type(HTML).send(html);
  };
  /** The 404 document; `files`: those of the page that draws it (a missing product is drawn by the product page). */
  const notFoundPage = (request: FastifyRequest, reply: FastifyReply, files = FILES.notFound) =>
    sendPage(request, reply, 404, {
      title: 'Page not found',
      description: `This page does not exist at ${brand}. Browse all our products instead.`,
      path: request.url.split('?')[0] ?? '/',
      noindex: true,
      files,
    });
  const redirect = (reply: FastifyReply, path: string) => reply.header('cache-control', 'public, max-age=3600').redirect(path, 301);
  const schema = { hide: true } as const;

  // The head names the first slide, read only when the page is drawn again (not for each visit of a kept page).
  app.get('/', { schema }, (request, reply) =>
    sendPage(request, reply, 200, {
      path: '/',
      make: async () => {
        const [first] = await slidersService.list();
        return {
          description: homeDescription(brand),
          path: '/',
          image: first?.image,
          files: FILES.home,
          // On a phone the first farm clip's poster (storefront public/videos) is the largest thing in the first screen.
          images: ['/videos/a2-cow-ghee.webp'],
          // The hero: the first slide, drawn at full width (see the storefront's home page).
          ...(first ? { preload: { href: first.image, srcset: imageSrcSet(first.image), sizes: '100vw' } } : {}),
        };
      },
    }),
  );

  app.get<{ Params: { slug: string } }>('/products/:slug', { schema }, async (request, reply) => {
    const slug = request.params.slug.toLowerCase();
    const product = await orNull(productsService.getBySlug(slug));
    if (product) return sendPage(request, reply, 200, productHead(config.publicUrl, brand, product, FILES.product));
    const renamed = isSlugShaped(slug) ? await renamedProductPath(db, slug) : undefined;
    if (renamed) return redirect(reply, renamed);
    return notFoundPage(request, reply, FILES.product);
  });

  app.get<{ Params: { slug: string } }>('/blogs/:slug', { schema }, async (request, reply) => {
    const slug = request.params.slug.toLowerCase();
    const blog = isSlugShaped(slug) ? await orNull(blogsService.getBySlug(slug)) : null;
    if (blog) {
      const path = `/blogs/${encodeURIComponent(blog.slug)}`;
      const description = summary(blog.content);
      return sendPage(request, reply, 200, {
        title: blog.title,
        description,
        path,
        type: 'article',
        files: FILES.blog,
        image: blog.image,
        ...(blog.image ? { preload: { href: blog.image, srcset: imageSrcSet(blog.image), sizes: '(max-width: 820px) 100vw, 800px' } } : {}),
        jsonLd: {
          '@context': 'https://schema.org',
          '@type': 'BlogPosting',
          headline: blog.title,
          description,
          ...(blog.image ? { image: absoluteUrl(config.publicUrl, blog.image) } : {}),
          publisher: { '@type': 'Organization', name: brand },
          mainEntityOfPage: config.publicUrl + path,
        },
      });
    }
    const renamed = isSlugShaped(slug) ? await renamedSlug(db, 'blog', slug) : undefined;
    if (renamed) return redirect(reply, `/blogs/${encodeURIComponent(renamed)}`);
    return notFoundPage(request, reply, FILES.blog);
  });

  for (const [prefix, table, noun] of [
    ['category', categories, 'Shop'],
    ['solutions', solutions, 'Products for'],
  ] as const) {
    app.get<{ Params: { slug: string } }>(`/${prefix}/:slug`, { schema }, async (request, reply) => {
      const slug = request.params.slug.toLowerCase();
      const [row] = isSlugShaped(slug)
        ? await db.select({ name: table.name, slug: table.slug }).from(table).where(eq(table.slug, slug)).limit(1)
        : [];
      if (!row) {
        const renamed = isSlugShaped(slug) ? await renamedSlug(db, prefix, slug) : undefined;
        if (renamed) return redirect(reply, `/${prefix}/${encodeURIComponent(renamed)}`);
        return notFoundPage(request, reply, FILES[prefix]);
      }
      return sendPage(request, reply, 200, {
        title: row.name,
        description: `${noun} ${row.name} at ${brand}: pure A2 ghee, milk products and Ayurvedic hair oil from our organic farm.`,
        path: `/${prefix}/${encodeURIComponent(row.slug)}`,
        files: FILES[prefix],
      });
    });
  }

  return (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (!APP_ROUTES.some((re) => re.test(path))) return notFoundPage(request, reply);
    const routeFilesOf = APP_ROUTE_FILES.get(path);
    return sendPage(request, reply, 200, { description: homeDescription(brand), path, ...(routeFilesOf ? { files: routeFilesOf } : {}) }, RENDERED_APP_ROUTES.test(path));
  };
}
