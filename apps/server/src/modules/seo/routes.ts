/**
 * GET /sitemap.xml and GET /robots.txt for search engines. Registered outside the /api prefix in app.ts,
 * since crawlers look for them at the site's root.
 */
import { defineRoutes } from '../../lib/routes.js';

/** Crawlers may reuse an answer for an hour; the catalogue does not change faster than that matters. */
const CACHE = 'public, max-age=3600';

export default defineRoutes(async function seoRoutes(app) {
  const { seo } = app.services;

  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
    const xml = await seo.sitemapXml();
    return reply.header('cache-control', CACHE).type('application/xml; charset=utf-8').send(xml);
  });

  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', CACHE).type('text/plain; charset=utf-8').send(seo.robotsTxt()),
  );
});
