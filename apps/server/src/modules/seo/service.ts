/** The public URLs of the shop for search engines: fixed pages plus every product, category, solution and blog. */
import { asc, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { Deps } from '../../plugins/deps.js';
import { blogs, categories, products, solutions } from '../../db/schema.js';

/** Storefront pages that exist whatever the catalogue holds. */
const STATIC_PATHS = ['/', '/allproducts', '/blogs', '/about-us', '/privacy-and-policy'] as const;

async function publicPaths(db: Db): Promise<string[]> {
  const [productRows, categoryRows, solutionRows, blogRows] = await Promise.all([
    // A product removed from the shop (deleted after it was ordered) has no page.
    db.select({ slug: products.slug }).from(products).where(isNull(products.removedAt)).orderBy(asc(products.slug)),
    db.select({ slug: categories.slug }).from(categories).orderBy(asc(categories.slug)),
    db.select({ slug: solutions.slug }).from(solutions).orderBy(asc(solutions.slug)),
    db.select({ slug: blogs.slug }).from(blogs).orderBy(asc(blogs.slug)),
  ]);
  const seg = encodeURIComponent;
  return [
    ...STATIC_PATHS,
    ...productRows.map((r) => `/products/${seg(r.slug)}`),
    ...categoryRows.map((r) => `/category/${seg(r.slug)}`),
    ...solutionRows.map((r) => `/solutions/${seg(r.slug)}`),
    ...blogRows.map((r) => `/blogs/${seg(r.slug)}`),
  ];
}

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

function sitemapXml(publicUrl: string, paths: readonly string[]): string {
  const urls = paths.map((p) => `  <url><loc>${escapeXml(publicUrl + p)}</loc></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

function robotsTxt(publicUrl: string, adminPrefix: string): string {
  return `User-agent: *\nAllow: /\nDisallow: /${adminPrefix}/\nDisallow: /api/\n\nSitemap: ${publicUrl}/sitemap.xml\n`;
}

export type SeoDeps = Pick<Deps, 'db' | 'config'>;

export function createSeoService(deps: SeoDeps) {
  const { publicUrl, adminPrefix } = deps.config;
  return {
    sitemapXml: async () => sitemapXml(publicUrl, await publicPaths(deps.db)),
    robotsTxt: () => robotsTxt(publicUrl, adminPrefix),
  };
}
